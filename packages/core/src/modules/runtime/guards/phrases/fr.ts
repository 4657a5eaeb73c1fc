import { phraseList } from './phrase-list.js';

export const fr = phraseList(
  'fr',
  [
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:nouvelles|vraies|veritables) (?:instructions|consignes|regles) ?: `,
    ],
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:ignore[rz]?|oublie[rz]?|ne (?:tiens|tenez) (?:pas|plus) compte|(?:fais|faites) abstraction) (?:de |des |d')?(?:toutes |tous )?(?:les |tes |vos |ces )?(?:instructions|consignes|regles|directives|ordres|indications) (?:\S+ )?(?:precedentes|anterieures|ci-dessus|initiales|d'origine|du systeme|systeme|donnees plus haut)\b`,
    ],
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:ignore[rz]?|oublie[rz]?) (?:toutes les|tout ce qu'on t'a dit|tout ce qui precede|tout ce que (?:l'on|on) (?:t'a|vous a) dit)\b`,
    ],
    [
      'role_override',
      1,
      String.raw`\b(?:tu es|vous etes) (?:maintenant |desormais |a present |dorenavant )(?:un |une )?(?:ia |assistant |modele )?(?:sans (?:aucune )?(?:restrictions?|limites?|filtres?|censure|regles)|libre de|dan\b|non censure)`,
    ],
    [
      'role_override',
      1,
      String.raw`\b(?:a partir de maintenant|desormais|dorenavant),? (?:tu dois|vous devez|tu vas|vous allez|tu obeis|tu reponds|tu ignores)\b`,
    ],
    [
      'role_override',
      1,
      String.raw`\b(?:agis|agissez|comporte-toi|fais comme si tu etais)[^.!?\n]{0,60}\bsans (?:aucune )?(?:restrictions?|limites?|filtres?|regles|censure)\b`,
    ],
    [
      'system_prompt_probe',
      1,
      String.raw`\b(?:revele|revelez|affiche|affichez|montre|montrez|repete|repetez|donne|donnez|imprime|ecris|reveler|afficher|recopie)(?:-moi| moi)? (?:ton|votre|le|ta|tes|vos) (?:\S+ )?(?:prompt (?:systeme|system)|message systeme|instructions (?:systeme|initiales|cachees|secretes)|consignes (?:systeme|initiales|cachees))\b`,
    ],
    [
      'exfiltration',
      1,
      String.raw`\b(?:envoie|envoyez|envoyer|transmets|transmettez|transfere|transferez|publie|exfiltre)\w*(?: \S+){0,6}? (?:mots de passe|mot de passe|cles? (?:d'api|api|secretes?)|jetons?|tokens?|identifiants|secrets|historique (?:de la )?(?:conversation|discussion))\b(?: \S+){0,6}? (?:a|vers|sur|au|a l'adresse) (?:https?://|[\w.+-]+@|cette|l'adresse|ce)`,
    ],
    [
      'authority_claim',
      0.6,
      String.raw`\bl'(?:utilisateur|administrateur|operateur)(?:rice)? (?:a|vient d') ?(?:deja |explicitement )?(?:autorise|approuve|accepte|valide|donne son accord)\b`,
    ],
    [
      'authority_claim',
      0.6,
      String.raw`\ben tant que (?:ton|votre) (?:administrateur|admin|developpeur|createur|superieur|responsable)\b`,
    ],
    [
      'tool_coercion',
      0.5,
      String.raw`\b(?:sans (?:demander|confirmation|en informer|le dire|prevenir) (?:a )?l'utilisateur|sans demander de confirmation|(?:execute|executez|lance|lancez) (?:cette|la|les) (?:commande|commandes|script) suivante|ne (?:dis|dites) rien a l'utilisateur)\b`,
    ],
    ['delimiter_spoofing', 0.6, String.raw`\bfin du (?:document|texte|contenu|message|courriel)\b`],
    // Dictating the start of the model's answer ("begin your reply with ...").
    [
      'addresses_model',
      1,
      String.raw`\b(?:commence|commencez) (?:ta|votre) (?:reponse|sortie) (?:par|avec)\b`,
    ],
    // A set string demanded as the whole answer, quoted (addressed-patterns.ts has the English);
    // "say" needs "only" beside it, and "write" or "type" is left out: a manual says "type "a"".
    [
      'addresses_model',
      1,
      String.raw`\b(?:(?:reponds|repondez) (?:seulement |uniquement |simplement |juste )?|(?:dis|dites) (?:seulement|uniquement|juste) )(?:par |avec )?(?:les mots |la phrase |le texte )?"[^"\n]{1,60}"`,
    ],
  ],
  /\b(?:les|des|est|une|vous|tu|toi|moi|pas|avec|pour|dans|cette|toutes|tous|sans|ton|votre|vos|tes|consignes|utilisateur|fin|ignore[rz]|oublie[rz]?|reponds|repondez)\b|\b[ld]'/u,
);
