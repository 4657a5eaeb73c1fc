import { phraseList } from './phrase-list.js';

export const nl = phraseList(
  'nl',
  [
    ['ignore_instructions', 1, String.raw`\b(?:nieuwe|echte) (?:instructies|regels|opdracht) ?: `],
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:negeer|vergeet|veronachtzaam|omzeil) (?:alle |al )?(?:de |je |jouw |uw )?(?:vorige|eerdere|voorgaande|bovenstaande|oorspronkelijke|originele|systeem) ?(?:instructies|regels|aanwijzingen|richtlijnen|opdrachten|prompt)\b`,
    ],
    [
      'ignore_instructions',
      1,
      String.raw`\b(?:negeer|vergeet) alle (?:instructies|regels|aanwijzingen)|\bvergeet alles wat (?:je|u) (?:eerder )?(?:is verteld|gezegd)`,
    ],
    [
      'role_override',
      1,
      String.raw`\b(?:je bent|u bent) (?:nu|vanaf nu) (?:een )?(?:ai |assistent |model )?(?:zonder (?:enige )?(?:beperkingen|filters|regels|censuur)|vrij van|ongefilterd|dan\b)`,
    ],
    [
      'role_override',
      1,
      String.raw`\bvanaf nu (?:moet je|ga je|ben je|antwoord je|negeer je|gehoorzaam je)\b`,
    ],
    [
      'system_prompt_probe',
      1,
      String.raw`\b(?:toon|laat|geef|herhaal|print|onthul|vertel)(?: me| mij)? (?:je|jouw|de|uw) (?:volledige |oorspronkelijke |verborgen |geheime )?(?:systeemprompt|systeem-prompt|systeembericht|systeeminstructies|verborgen instructies|oorspronkelijke instructies)\b`,
    ],
    [
      'exfiltration',
      1,
      String.raw`\b(?:stuur|verstuur|zend|upload|stuurt|deel)(?: \S+){0,6}? (?:wachtwoorden|wachtwoord|api-?sleutels?|sleutels|tokens?|inloggegevens|geheimen|chatgeschiedenis|gesprek)\b(?: \S+){0,6}? (?:naar|aan|op) (?:https?://|[\w.+-]+@|deze|dit|het volgende|mijn)`,
    ],
    [
      'authority_claim',
      0.6,
      String.raw`\bde (?:gebruiker|beheerder|eigenaar) heeft (?:al |reeds |expliciet )?(?:toestemming gegeven|geautoriseerd|goedgekeurd|ingestemd)\b`,
    ],
    [
      'authority_claim',
      0.6,
      String.raw`\bals (?:je|jouw|uw) (?:beheerder|administrator|ontwikkelaar|maker|leidinggevende)\b`,
    ],
    [
      'tool_coercion',
      0.5,
      String.raw`\b(?:zonder (?:het )?(?:te vragen|bevestiging|de gebruiker te (?:informeren|vragen))|voer (?:dit|deze|het volgende|de volgende) (?:commando|opdracht|script|code)\w* (?:\w+ )?uit|zeg niets tegen de gebruiker)\b`,
    ],
    [
      'delimiter_spoofing',
      0.6,
      String.raw`\beinde (?:van )?(?:het |de )?(?:document|tekst|inhoud|bericht|e-?mail)\b`,
    ],
    // Dictating the start of the model's answer ("begin your reply with ...").
    [
      'addresses_model',
      1,
      String.raw`\b(?:begin|start) (?:je|jouw|uw) (?:antwoord|reactie|uitvoer) met\b`,
    ],
    // A set string demanded as the whole answer, quoted (addressed-patterns.ts has the English);
    // "say" needs "only" beside it, and "write" or "type" is left out: a manual says "type "a"".
    [
      'addresses_model',
      1,
      String.raw`\b(?:antwoord (?:alleen |enkel |uitsluitend |gewoon )?|zeg (?:alleen|enkel|uitsluitend) )(?:met )?(?:de woorden |de zin |de tekst )?"[^"\n]{1,60}"`,
    ],
  ],
  /\b(?:het|een|niet|je|jouw|uw|zonder|vanaf|naar|deze|alle|gebruiker|negeer|vergeet|stuur|wachtwoord\w*|instructies|einde|antwoord)\b/u,
);
