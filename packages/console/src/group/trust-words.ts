/**
 * What "verified" and a confidence mean, in words a triager reads right: verification checks that
 * the cited code exists where the diagnosis says (it does not prove the cause), and a confidence is
 * the investigation's own estimate, told as a likelihood with its number (the same words as the
 * CLI's, `@sightline/investigator/trust-words`).
 */
import type { DiagnosisOutcome } from '@sightline/service/vocabulary';

/** What a diagnosis found (`diagnosisOutcome`), in a title and a sentence. */
export function verificationWords(outcome: DiagnosisOutcome): {
  title: string;
  sentence: string;
} {
  switch (outcome) {
    case 'verified':
      return {
        title: 'Grounded in the code',
        sentence:
          'The quoted lines exist at the cited places and name a real symbol. This checks the evidence, not that the cause is right.',
      };
    case 'unverified':
      return {
        title: 'Not grounded',
        sentence:
          'The evidence could not be matched to the repository: read it as a lead, not a finding.',
      };
    case 'no-cause':
      return {
        title: 'No cause found',
        sentence: 'The investigation tied nothing in the repository to the report.',
      };
  }
}
