import { phraseList } from './phrase-list.js';

export const es = phraseList(
  'es',
  [
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:nuevas|verdaderas|autenticas) (?:instrucciones|indicaciones|reglas|ordenes) ?: `,
    ],
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:ignora|ignore|ignorad|ignoren|olvida|olvide|olvidad|olviden|omite|descarta|haz caso omiso de|no hagas caso (?:a|de)) (?:todas |todos )?(?:las |tus |sus |los )?(?:instrucciones|indicaciones|reglas|directrices|ordenes|normas) (?:\S+ )?(?:anteriores|previas|de arriba|iniciales|originales|del sistema)\b`,
    ],
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:ignora|olvida|ignore|olvide) todo lo (?:anterior|que te (?:dijeron|han dicho)|que se te ha dicho)\b`,
    ],
    [
      'role_override',
      1,
      String.raw`\b(?:ahora |a partir de ahora |desde ahora )?(?:eres|seras) (?:ahora )?(?:un |una )?(?:ia |asistente |modelo )?(?:sin (?:ninguna )?(?:restricciones|limites|filtros|censura|reglas)|libre de|dan\b)`,
    ],
    [
      'role_override',
      1,
      String.raw`\b(?:a partir de ahora|desde ahora|de ahora en adelante),? (?:debes|vas a|responderas|actuaras|ignoraras|obedeceras|tienes que)\b`,
    ],
    [
      'system_prompt_probe',
      1,
      String.raw`\b(?:revela|muestra|muestrame|repite|imprime|dime|dame|escribe|revele|muestre|revelame)(?:me)? (?:tu|el|su|tus|sus) (?:\S+ )?(?:prompt (?:del |de )?sistema|mensaje (?:del|de) sistema|instrucciones (?:del sistema|de sistema|iniciales|ocultas|secretas))\b`,
    ],
    [
      'exfiltration',
      1,
      String.raw`\b(?:envia|envie|manda|mande|reenvia|transmite|sube|publica)\w*(?: \S+){0,6}? (?:contrasenas?|claves?(?: de api| api| secretas?)?|tokens?|credenciales|secretos|historial (?:de (?:la )?)?(?:conversacion|chat))\b(?: \S+){0,6}? (?:a|al|hacia|en) (?:https?://|[\w.+-]+@|esta|este|la siguiente|mi)`,
    ],
    [
      'authority_claim',
      0.6,
      String.raw`\bel (?:usuario|administrador|operador|propietario) (?:ya )?(?:ha|habia) (?:autorizado|aprobado|permitido|consentido|dado (?:su )?(?:permiso|consentimiento))\b`,
    ],
    [
      'authority_claim',
      0.6,
      String.raw`\bcomo (?:tu|su) (?:administrador|admin|desarrollador|creador|jefe|superior)\b`,
    ],
    [
      'tool_coercion',
      0.5,
      String.raw`\b(?:sin (?:preguntar|pedir confirmacion|avisar|informar|decirle) (?:al|a el) usuario|sin pedir confirmacion|(?:ejecuta|ejecute) (?:este|el siguiente|estos|los siguientes) (?:comando|comandos|script|codigo)|no (?:le )?(?:digas|menciones) (?:nada )?al usuario)\b`,
    ],
    [
      'delimiter_spoofing',
      0.6,
      String.raw`\bfin del (?:documento|texto|contenido|mensaje|correo)\b`,
    ],
    // Dictating the start of the model's answer ("begin your reply with ...").
    [
      'addresses_model',
      1,
      String.raw`\b(?:empieza|comienza|empiece|comience|inicia) (?:tu|su) (?:respuesta|salida) (?:con|por)\b`,
    ],
    // A set string demanded as the whole answer, quoted (addressed-patterns.ts has the English);
    // "say" needs "only" beside it, and "write" or "type" is left out: a manual says "type "a"".
    [
      'addresses_model',
      1,
      String.raw`\b(?:(?:responde|responda|contesta|conteste) (?:solo |solamente |unicamente |simplemente )?|(?:di|diga) (?:solo|solamente|unicamente) )(?:con )?(?:las palabras |la frase |el texto )?"[^"\n]{1,60}"`,
    ],
  ],
  /\b(?:los|las|una|por|para|con|del|que|es|eres|tu|tus|su|sus|sin|todas|todos|ahora|dime|muestrame|usuario|instrucciones|fin|ignora|olvida)\b/u,
);
