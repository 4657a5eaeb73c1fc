import { phraseList } from './phrase-list.js';

export const de = phraseList(
  'de',
  [
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:neue|aktualisierte|echte|tatsachliche) (?:anweisungen|instruktionen|aufgabe|regeln) ?: `,
    ],
    [
      'role_override',
      0.5,
      String.raw`\b(?:du musst|sie mussen) (?:ab sofort|ab jetzt|jetzt|nun|sofort)\b`,
    ],
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:ignorier\w*|vergiss|vergessen sie|missacht\w*|verwirf|uberschreib\w*) (?:bitte )?(?:alle |samtliche |jegliche )?(?:vorherigen|bisherigen|obigen|fruheren|vorangegangenen|ursprunglichen|alten|deine|ihre|alle|die system)\w* (?:\w+ )?(?:anweisungen|instruktionen|regeln|vorgaben|befehle|richtlinien|systemanweisungen|einschrankungen)\b`,
    ],
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:vergiss|vergessen sie|ignorier\w*) alles,? was (?:dir|ihnen) (?:bisher |vorher |zuvor )?(?:gesagt|aufgetragen|befohlen)`,
    ],
    [
      'role_override',
      1,
      String.raw`\b(?:du bist|sie sind) (?:jetzt|nun|ab sofort|ab jetzt) (?:ein |eine )?(?:ki |assistent |modell )?(?:uneingeschrankt|ungefiltert|unzensiert|ohne (?:jegliche |alle )?(?:einschrankungen|regeln|filter|zensur)|dan\b|frei von)`,
    ],
    [
      'role_override',
      1,
      String.raw`\bab (?:jetzt|sofort) (?:bist du|wirst du|antwortest du|handelst du|ignorierst du|gehorchst du|musst du)\b`,
    ],
    [
      'system_prompt_probe',
      1,
      String.raw`\b(?:zeig|gib|nenn|verrat|wiederhol|druck|schreib|gib mir|zeige|gebe|nenne|verrate|wiederhole|drucke)\w* (?:mir |uns )?(?:deinen|deine|den|die|ihren|ihre) (?:vollstandigen |kompletten |ursprunglichen |geheimen |versteckten |ganzen )?(?:system-?prompt|systemanweisungen|systemnachricht|anfangsanweisungen|versteckten anweisungen|ursprunglichen anweisungen)`,
    ],
    [
      'exfiltration',
      1,
      String.raw`\b(?:send|schick|ubermittl|leit|lad|poste|versend)\w*(?: \S+){0,6}? (?:passworter|passwort|kennworter|kennwort|zugangsdaten|api-?schlussel|schlussel|tokens?|geheimnisse|anmeldedaten|chatverlauf|gesprachsverlauf)\b(?: \S+){0,6}? (?:an|nach|zu|auf) (?:https?://|[\w.+-]+@|diese|folgende|meine)`,
    ],
    [
      'authority_claim',
      0.6,
      String.raw`\b(?:der|die) (?:benutzer|nutzer|anwender|betreiber|administrator|admin)(?:in)? hat (?:\w+ )?(?:bereits |ausdrucklich |schon )?(?:autorisiert|genehmigt|erlaubt|zugestimmt|freigegeben|bestatigt)`,
    ],
    [
      'authority_claim',
      0.6,
      String.raw`\bals (?:dein|ihr) (?:administrator|admin|entwickler|betreiber|vorgesetzter|systemadministrator)\b`,
    ],
    [
      'tool_coercion',
      0.5,
      String.raw`\b(?:ohne (?:den benutzer|den nutzer|nachzufragen|ruckfrage|bestatigung|zu fragen|ihn zu fragen)|(?:sag|erzahl|verrat)\w* (?:dem|den) (?:benutzer|nutzer) nichts|fuhre (?:diesen|den folgenden|folgenden) (?:befehl|code|skript))`,
    ],
    [
      'delimiter_spoofing',
      0.6,
      String.raw`\bende (?:des|der) (?:dokuments|dokumentes|textes|inhalts|e-?mail|nachricht|eingabe)\b`,
    ],
    // Dictating the start of the model's answer ("begin your reply with ...").
    [
      'addresses_model',
      1,
      String.raw`\b(?:beginne|starte|fange|beginnen sie|starten sie) (?:deine|ihre) (?:antwort|ausgabe) (?:mit|an mit)\b`,
    ],
    // A set string demanded as the whole answer, quoted (addressed-patterns.ts has the English);
    // "say" needs "only" beside it, and "write" or "type" is left out: a manual says "type "a"".
    [
      'addresses_model',
      1,
      String.raw`\b(?:(?:antworte|antworten sie) (?:nur |ausschliesslich |einfach |genau |bloss )?|(?:sag|sage|sagen sie|gib|gebe) (?:nur|ausschliesslich|bloss) )(?:mit )?(?:den worten |dem satz |dem text )?"[^"\n]{1,60}"`,
    ],
  ],
  /\b(?:und|nicht|oder|ist|sind|ich|du|mir|dir|dein\w*|ihr\w*|mit|fur|dem|den|des|eine[mnrs]?|alle[mns]?|bitte|sofort|jetzt|anweisung\w*|kennw\w*|zugangsdaten|benutzer\w*|nutzer\w*|ende)\b/u,
);
