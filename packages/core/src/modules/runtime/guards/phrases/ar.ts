import { END, START } from '../signals.js';
import { phraseList } from './phrase-list.js';

/** Written with hamza and vowel marks as usual; both text and rule are folded without them. */
export const ar = phraseList(
  'ar',
  [
    ['ignore_instructions', 1, `${START}(?:تعليمات|أوامر|قواعد) (?:جديدة|حقيقية) ?[:：]`],
    [
      'ignore_instructions',
      1,
      String.raw`${START}(?:تجاهل|انس|إنس|أهمل|اهمل|لا تلتزم ب)\S* (?:\S+ ){0,3}?(?:التعليمات|الإرشادات|القواعد|الأوامر|التوجيهات)(?: \S+)?(?: السابقة| الأصلية| أعلاه| الخاصة بالنظام)?`,
    ],
    [
      'role_override',
      1,
      String.raw`${START}(?:من الآن|الآن)(?: فصاعدا| فصاعدًا)?،? (?:أنت|انت) (?:\S+ ){0,3}?(?:بدون|بلا|دون) (?:أي )?(?:قيود|حدود|فلاتر|رقابة|قواعد)`,
    ],
    [
      'system_prompt_probe',
      1,
      String.raw`${START}(?:اكشف|اعرض|أظهر|كرر|اطبع|أخبرني|أعطني)\S* (?:\S+ ){0,2}?(?:موجه النظام|رسالة النظام|تعليمات النظام|التعليمات المخفية|التعليمات الأولية)`,
    ],
    [
      'exfiltration',
      1,
      String.raw`${START}(?:أرسل|حول|انقل|ارفع)\S* (?:\S+ ){0,5}?(?:كلمات المرور|كلمة المرور|كلمة السر|المفاتيح|مفتاح|الرموز|بيانات الاعتماد|سجل المحادثة)\S*(?: \S+){0,5}? (?:إلى|على) ?(?:https?://|[\w.+-]+@|هذا|العنوان)`,
    ],
    [
      'authority_claim',
      0.6,
      `${START}(?:المستخدم|المسؤول|المدير) (?:قد )?(?:وافق|أذن|سمح|صرح|فوض)${END}`,
    ],
    [
      'authority_claim',
      0.6,
      `${START}(?:بصفتي|بصفتنا|كوني) (?:المسؤول|مسؤول النظام|المدير|المطور|مديرك)`,
    ],
    [
      'tool_coercion',
      0.5,
      String.raw`${START}(?:دون|بدون) (?:سؤال|إذن|تأكيد|إخبار|إبلاغ) المستخدم|${START}(?:نفذ|شغل)\S* (?:هذا الأمر|الأمر التالي|الأوامر التالية|السكربت)`,
    ],
    ['delimiter_spoofing', 0.6, `${START}نهاية (?:المستند|الوثيقة|النص|المحتوى|الرسالة)${END}`],
    // Dictating the start of the model's answer ("begin your reply with ...").
    ['addresses_model', 1, `(?:ابدأ|ابدا|إبدأ) (?:ردك|إجابتك|اجابتك|جوابك)`],
    // A set string demanded as the whole answer, quoted (addressed-patterns.ts has the English);
    // "say" needs "only" beside it, and "write" or "type" is left out: a manual says "type "a"".
    ['addresses_model', 1, String.raw`(?:قل|اجب|رد) (?:فقط )?(?:بـ ?|ب)?"[^"\n]{1,60}"`],
  ],
  /[\u0600-\u06FF]/,
);
