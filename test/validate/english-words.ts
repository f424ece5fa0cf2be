/**
 * The English words of a validation message's own prose (test/helpers/languages.ts), with the words of
 * validation's English sentences that Danish never uses: [] for a message in Danish.
 */
import { englishWordsIn as englishWords } from '../helpers/languages.js';

const VALIDATION = (
  'the is are not with has this that which who from into already must cannot will would should ' +
  'row rows column sheet cell empty employee department service workbook write use correct remove delete ' +
  'date name names leader parent unit path their they it its one two of in on be as if or no more'
).split(' ');

export function englishWordsIn(message: string): string[] {
  return englishWords(message, VALIDATION);
}
