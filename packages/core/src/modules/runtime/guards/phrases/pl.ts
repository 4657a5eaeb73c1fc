import { phraseList } from './phrase-list.js';

export const pl = phraseList(
  'pl',
  [
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:nowe|prawdziwe) (?:instrukcje|polecenia|zasady) ?: `,
    ],
    [
      'ignore_instructions',
      1,
      String.raw`(?:zignoruj|ignoruj|zapomnij o|zapomnij|pomin) (?:wszystkie |wszelkie )?(?:poprzednie|wczesniejsze|powyzsze|oryginalne|systemowe|dotychczasowe|swoje|twoje|wszystkie) (?:\S+ )?(?:instrukcje|polecenia|zasady|reguły|wytyczne|ograniczenia)`,
    ],
    [
      'role_override',
      1,
      String.raw`\b(?:od teraz|teraz) (?:jestes|bedziesz) (?:\S+ )?(?:bez (?:zadnych )?(?:ograniczen|filtrow|cenzury|zasad)|nieograniczon\S*|wolny od|dan\b)`,
    ],
    [
      'role_override',
      1,
      String.raw`\bod teraz (?:musisz|bedziesz|masz|odpowiadasz|ignorujesz|wykonujesz)\b`,
    ],
    [
      'system_prompt_probe',
      1,
      String.raw`\b(?:pokaz|ujawnij|powtorz|wypisz|podaj|wydrukuj|zdradz)(?: mi)? (?:swoj |swoje |twoj |twoje |caly |pełny )?(?:prompt systemowy|komunikat systemowy|instrukcje systemowe|ukryte instrukcje|poczatkowe instrukcje)`,
    ],
    [
      'exfiltration',
      1,
      String.raw`\b(?:wyslij|przeslij|przekaz|wrzuc|opublikuj)(?: \S+){0,6}? (?:hasła|hasło|haseł|klucz\S*|token\S*|dane logowania|sekrety|historie (?:czatu|rozmowy))(?: \S+){0,6}? (?:na|do|pod) (?:https?://|[\w.+-]+@|ten|ta|ponizszy|moj)`,
    ],
    [
      'authority_claim',
      0.6,
      String.raw`\b(?:uzytkownik|administrator) (?:juz )?(?:autoryzował|zatwierdził|zezwolił|wyraził zgode|upowaznił)`,
    ],
    [
      'authority_claim',
      0.6,
      String.raw`\bjako (?:twoj|pana|pani) (?:administrator|admin|tworca|przełozony|deweloper)\b`,
    ],
    [
      'tool_coercion',
      0.5,
      String.raw`\bbez (?:pytania|potwierdzenia|informowania|wiedzy) (?:uzytkownika)?|\b(?:wykonaj|uruchom) (?:to|te|ponizsze|nastepujace) (?:polecenie|polecenia|komende|skrypt|kod)`,
    ],
    ['delimiter_spoofing', 0.6, String.raw`\bkoniec (?:dokumentu|tekstu|tresci|wiadomosci)\b`],
    // Dictating the start of the model's answer ("begin your reply with ...").
    ['addresses_model', 1, String.raw`\b(?:zacznij|rozpocznij) (?:swoja|twoja) odpowiedz od\b`],
    // A set string demanded as the whole answer, quoted (addressed-patterns.ts has the English);
    // "say" needs "only" beside it, and "write" or "type" is left out: a manual says "type "a"".
    [
      'addresses_model',
      1,
      String.raw`\b(?:odpowiedz (?:tylko |jedynie |wy[lł]acznie |po prostu )?|powiedz (?:tylko|jedynie|wy[lł]acznie) )(?:slowami |zdaniem |tekstem )?"[^"\n]{1,60}"`,
    ],
  ],
  /\b(?:nie|jest|sie|oraz|bez|wszystkie|twoj\w*|swoj\w*|jako|teraz|hasł\w*|uzytkownik|polecen\w*|instrukcj\w*|zignoruj|wyslij|pokaz|koniec|odpowiedz|powiedz|napisz)\b/u,
);
