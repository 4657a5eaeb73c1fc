import { phraseList } from './phrase-list.js';

export const ko = phraseList(
  'ko',
  [
    ['ignore_instructions', 1, `(?:새로운|진짜) (?:지시|명령|규칙|작업) ?[:：]`],
    [
      'ignore_instructions',
      1,
      String.raw`(?:이전|위의|앞의|기존|모든|원래|시스템) ?(?:의 )?(?:모든 )?(?:지시|지침|명령|규칙|프롬프트|설정|지시사항)\S* ?(?:을|를|은|는)? ?(?:모두 |전부 )?(?:무시|잊어|잊고)`,
    ],
    [
      'role_override',
      1,
      String.raw`(?:지금부터|이제부터|이제) ?(?:너는|당신은|넌) ?(?:\S+ ){0,3}?(?:제한(?:이)? ?없는|제약(?:이)? ?없는|필터(?:가)? ?없는|검열(?:이)? ?없는|dan)`,
    ],
    [
      'system_prompt_probe',
      1,
      String.raw`(?:시스템 ?프롬프트|시스템 ?메시지|시스템 ?지시|숨겨진 ?지시|초기 ?지시)\S* ?(?:\S+ )?(?:보여|출력|알려|공개|반복|말해)`,
    ],
    [
      'exfiltration',
      1,
      String.raw`(?:비밀번호|암호|api ?키|토큰|자격 ?증명|대화 ?기록|채팅 ?기록)\S* (?:\S+ ){0,4}?(?:https?://\S+|[\w.+-]+@[\w.-]+)\S* ?(?:\S+ )?(?:보내|전송|업로드|전달)`,
    ],
    [
      'authority_claim',
      0.6,
      `(?:사용자|관리자)(?:가|는) ?(?:이미 )?(?:승인|허가|허락|동의|권한을 부여)`,
    ],
    ['authority_claim', 0.6, `(?:관리자|개발자)(?:로서|로써)`],
    [
      'tool_coercion',
      0.5,
      String.raw`(?:묻지 ?않고|확인 ?없이|알리지 ?않고|말하지 ?않고)|(?:다음|아래|이) ?(?:명령|명령어|스크립트|코드)\S* ?(?:즉시 )?실행`,
    ],
    ['delimiter_spoofing', 0.6, `(?:문서|텍스트|내용|이메일)의? ?끝`],
    // Dictating the start of the model's answer ("begin your reply with ...").
    ['addresses_model', 1, `(?:답변|응답|대답)(?:을|를|은|는)?.{0,30}(?:로|으로) 시작`],
    // A set string demanded as the whole answer, quoted (addressed-patterns.ts has the English);
    // "say" needs "only" beside it, and "write" or "type" is left out: a manual says "type "a"".
    ['addresses_model', 1, String.raw`"[^"\n]{1,60}" ?(?:라고|이라고)만? (?:답|대답|말|출력|응답)`],
  ],
  /[\uAC00-\uD7AF]/,
);
