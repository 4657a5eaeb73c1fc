import { phraseList } from './phrase-list.js';

export const tr = phraseList(
  'tr',
  [
    ['ignore_instructions', 1, String.raw`\b(?:yeni|gercek) (?:talimatlar|kurallar|gorev) ?: `],
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:onceki|yukaridaki|tum|butun|eski|orijinal|sistem|sana verilen) (?:\S+ )?(?:talimat|kural|yonerge|komut)\S* (?:\S+ )?(?:yok say|gormezden gel|unut|dikkate alma|gecersiz)`,
    ],
    [
      'role_override',
      1,
      String.raw`\b(?:artik|bundan sonra|bundan boyle|simdi) (?:sen )?(?:\S+ )?(?:kisitlamasiz|sinirsiz|filtresiz|sansursuz|kuralsiz|dan)\b`,
    ],
    [
      'role_override',
      0.6,
      String.raw`\bbundan (?:boyle|sonra) (?:sen )?(?:\S+ )?(?:olarak davran|yanit ver|cevap ver|itaat et)`,
    ],
    [
      'system_prompt_probe',
      1,
      String.raw`\b(?:sistem (?:istemini|komutunu|mesajini|talimatlarini|promptunu)|gizli talimatlarini|ilk talimatlarini) (?:\S+ ){0,3}?(?:goster|yaz|tekrarla|acikla|paylas|ver|soyle)`,
    ],
    [
      'exfiltration',
      1,
      String.raw`\b(?:sifre\S*|parola\S*|api anahtar\S*|anahtar\S*|token\S*|kimlik bilgi\S*|sohbet gecmis\S*)(?: \S+){0,6}? (?:https?://\S+|[\w.+-]+@[\w.-]+|bu adrese|su adrese)\S* (?:\S+ )?(?:gonder|ilet|yukle|paylas)`,
    ],
    [
      'authority_claim',
      0.6,
      String.raw`\b(?:kullanici|yonetici) (?:bunu |bu islemi |zaten |acikca )*(?:onayladi|yetkilendirdi|izin verdi)`,
    ],
    ['authority_claim', 0.6, String.raw`\b(?:yoneticiniz|yoneticin|gelistiriciniz) olarak\b`],
    [
      'tool_coercion',
      0.5,
      String.raw`\b(?:kullaniciya )?(?:sormadan|onay almadan|haber vermeden|soylemeden)\b|\b(?:bu|su|asagidaki) komut\S* (?:hemen )?calistir`,
    ],
    ['delimiter_spoofing', 0.6, String.raw`\b(?:belge(?:nin)?|metnin|icerigin|e-?postanin) sonu\b`],
    // Dictating the start of the model's answer ("begin your reply with ...").
    [
      'addresses_model',
      1,
      String.raw`(?:cevab|yanit|yanıt)\S{0,6} [^.!?\n]{0,30}(?:ile|diye) basla`,
    ],
    // A set string demanded as the whole answer, quoted (addressed-patterns.ts has the English);
    // "say" needs "only" beside it, and "write" or "type" is left out: a manual says "type "a"".
    [
      'addresses_model',
      1,
      String.raw`(?:sadece|yaln[iı]zca|yaln[iı]z) "[^"\n]{1,60}" (?:de|deyin|yaz|yaz[iı]n|diye (?:cevap|yan[iı]t) ver)`,
    ],
  ],
  /(?<!')\bve\b|\b(?:bir|icin|ile|tum|sen|olarak|sonra|artik|gibi|simdi|talimat\w*|kullanici|sistem\w*|sifre\w*|komut\w*)\b/u,
);
