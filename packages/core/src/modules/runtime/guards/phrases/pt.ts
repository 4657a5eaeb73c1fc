import { phraseList } from './phrase-list.js';

export const pt = phraseList(
  'pt',
  [
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:novas|verdadeiras) (?:instrucoes|regras|ordens) ?: `,
    ],
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:ignore|ignora|ignorem|esqueca|esquece|esquecam|desconsidere|desconsidera|despreze) (?:todas |todos )?(?:as |suas |tuas |os )?(?:instrucoes|orientacoes|regras|diretrizes|ordens|indicacoes) (?:\S+ )?(?:anteriores|previas|acima|iniciais|originais|do sistema)\b`,
    ],
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:esquec[ae]|ignor[ae]) tudo (?:o que|que) (?:te |lhe )?(?:disseram|foi dito|foi pedido)\b`,
    ],
    [
      'role_override',
      1,
      String.raw`\b(?:voce|tu) (?:agora )?(?:e|es|sera|esta) (?:agora )?(?:um |uma )?(?:ia |assistente |modelo )?(?:sem (?:nenhuma )?(?:restricoes|limites|filtros|censura|regras)|livre de|dan\b)`,
    ],
    [
      'role_override',
      1,
      String.raw`\b(?:a partir de agora|de agora em diante),? (?:voce|tu) (?:deve|vai|ira|sera|responde|respondera|ignora|obedece|tem que)\b`,
    ],
    [
      'system_prompt_probe',
      1,
      String.raw`\b(?:revele|revela|mostre|mostra|repita|repete|imprima|diga|me diga|me de|escreva)(?:-me)? (?:o seu|seu|o teu|teu|suas|as suas|o|as) (?:\S+ )?(?:prompt (?:do|de) sistema|mensagem (?:do|de) sistema|instrucoes (?:do sistema|de sistema|iniciais|ocultas|secretas))\b`,
    ],
    [
      'exfiltration',
      1,
      String.raw`\b(?:envie|envia|mande|manda|encaminhe|transmita|publique)\w*(?: \S+){0,6}? (?:senhas?|chaves?(?: de api| api| secretas?)?|tokens?|credenciais|segredos|historico (?:da )?(?:conversa|chat))\b(?: \S+){0,6}? (?:para|a|ao|em) (?:https?://|[\w.+-]+@|este|esta|o seguinte|meu)`,
    ],
    [
      'authority_claim',
      0.6,
      String.raw`\bo (?:usuario|utilizador|administrador|operador) (?:ja )?(?:autorizou|aprovou|permitiu|consentiu|deu (?:sua |a sua )?(?:permissao|autorizacao))\b`,
    ],
    [
      'authority_claim',
      0.6,
      String.raw`\bcomo (?:seu|teu) (?:administrador|admin|desenvolvedor|criador|chefe|superior)\b`,
    ],
    [
      'tool_coercion',
      0.5,
      String.raw`\b(?:sem (?:perguntar|pedir confirmacao|avisar|informar|contar) (?:ao|o) (?:usuario|utilizador)|sem pedir confirmacao|(?:execute|executa|rode|roda) (?:este|o seguinte|estes|os seguintes) (?:comando|comandos|script|codigo)|nao (?:diga|conte) nada ao usuario)\b`,
    ],
    ['delimiter_spoofing', 0.6, String.raw`\bfim do (?:documento|texto|conteudo|e-?mail)\b`],
    // Dictating the start of the model's answer ("begin your reply with ...").
    [
      'addresses_model',
      1,
      String.raw`\b(?:comece|comeca|inicie|começa) (?:a sua|sua|a tua|tua) (?:resposta|saida) (?:com|por)\b`,
    ],
    // A set string demanded as the whole answer, quoted (addressed-patterns.ts has the English);
    // "say" needs "only" beside it, and "write" or "type" is left out: a manual says "type "a"".
    [
      'addresses_model',
      1,
      String.raw`\b(?:(?:responda|responde) (?:apenas |somente |so |simplesmente )?|(?:diga|diz) (?:apenas|somente|so) )(?:com )?(?:as palavras |a frase |o texto )?"[^"\n]{1,60}"`,
    ],
  ],
  /\b(?:os|uma|para|que|nao|voce|seu|sua|sem|todas|todos|agora|da|usuario|utilizador|instrucoes|fim|esqueca)\b/u,
);
