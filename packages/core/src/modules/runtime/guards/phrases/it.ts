import { phraseList } from './phrase-list.js';

export const it = phraseList(
  'it',
  [
    ['ignore_instructions', 1, String.raw`\b(?:nuove|vere) (?:istruzioni|regole|direttive) ?: `],
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:ignora|ignori|ignorate|dimentica|dimentichi|dimenticate|trascura|non tenere conto de(?:lle|i)) (?:tutte |tutti )?(?:le |tue |sue |i |gli )?(?:istruzioni|indicazioni|regole|direttive|ordini|linee guida) (?:\S+ )?(?:precedenti|sopra|iniziali|originali|di sistema|del sistema|ricevute)\b`,
    ],
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:dimentica|ignora) tutto (?:quello che|cio che|quanto) (?:ti )?(?:e stato detto|hanno detto|detto prima|sopra)\b`,
    ],
    [
      'role_override',
      1,
      String.raw`\b(?:ora |adesso |d'ora in poi )?(?:sei|sarai) (?:ora |adesso )?(?:un'|una |un )?(?:ia |assistente |modello )?(?:senza (?:alcuna )?(?:restrizioni|limiti|filtri|censura|regole)|libero da|dan\b)`,
    ],
    [
      'role_override',
      1,
      String.raw`\b(?:d'ora in poi|da ora in poi|da adesso in poi),? (?:devi|dovrai|risponderai|agirai|ignorerai|obbedirai)\b`,
    ],
    [
      'system_prompt_probe',
      1,
      String.raw`\b(?:rivela|mostra|mostrami|ripeti|stampa|dimmi|dammi|scrivi|rivelami)(?:mi)? (?:il tuo|il|la tua|le tue|i tuoi|il suo) (?:\S+ )?(?:prompt di sistema|messaggio di sistema|istruzioni (?:di sistema|iniziali|nascoste|segrete))\b`,
    ],
    [
      'exfiltration',
      1,
      String.raw`\b(?:invia|manda|inoltra|trasmetti|carica|pubblica)\w*(?: \S+){0,6}? (?:password|chiavi?(?: api| segrete?)?|token|credenziali|segreti|cronologia (?:della )?(?:chat|conversazione))\b(?: \S+){0,6}? (?:a|al|all'|verso|su) ?(?:https?://|[\w.+-]+@|questo|questa|il seguente|mio)`,
    ],
    [
      'authority_claim',
      0.6,
      String.raw`\bl'(?:utente|amministratore|operatore) (?:ha|aveva) (?:gia )?(?:autorizzato|approvato|permesso|acconsentito|dato (?:il )?(?:suo )?(?:permesso|consenso))\b`,
    ],
    [
      'authority_claim',
      0.6,
      String.raw`\bcome (?:tuo|suo) (?:amministratore|admin|sviluppatore|creatore|superiore|responsabile)\b`,
    ],
    [
      'tool_coercion',
      0.5,
      String.raw`\b(?:senza (?:chiedere|conferma|avvisare|informare|dirlo) (?:all')?utente|senza chiedere conferma|(?:esegui|eseguire|lancia) (?:questo|il seguente|questi|i seguenti) (?:comando|comandi|script|codice)|non dire nulla all'utente)\b`,
    ],
    ['delimiter_spoofing', 0.6, String.raw`\bfine del (?:documento|testo|contenuto|messaggio)\b`],
    // Dictating the start of the model's answer ("begin your reply with ...").
    [
      'addresses_model',
      1,
      String.raw`\b(?:inizia|comincia|inizi|cominci) (?:la tua|la sua) (?:risposta|uscita) con\b`,
    ],
    // A set string demanded as the whole answer, quoted (addressed-patterns.ts has the English);
    // "say" needs "only" beside it, and "write" or "type" is left out: a manual says "type "a"".
    [
      'addresses_model',
      1,
      String.raw`\b(?:(?:rispondi|risponda) (?:solo |soltanto |unicamente |semplicemente )?|(?:di'|dici|dica) (?:solo|soltanto|unicamente) )(?:con )?(?:le parole |la frase |il testo )?"[^"\n]{1,60}"`,
    ],
  ],
  /\b(?:il|gli|della|delle|che|con|sono|sei|tutte|tutti|senza|ora|tuo|tua|mi|di|utente|istruzioni|ignora|dimentica)\b|\b[ld]'/u,
);
