/** Research runs (deep research, an agent run): the published range of what one run reads (data/hidden-work.json, `research`). */
import hiddenData from '../../../data/hidden-work.json';
import type { Result } from '../../core/errors';
import { estimateBy, isCount, refuse, type HiddenWorkError } from '../work/rules';

export interface ResearchRule {
  id: string;
  low_tokens: number;
  high_tokens: number;
  counted: 'low';
  basis: string;
  source: string;
  derivation: string;
  energy_check: { source: string; wh_per_long_prompt_heaviest: number; wh_per_short_query: number; note: string };
}

const RESEARCH_RULE: ResearchRule = hiddenData.research as ResearchRule;

export interface ResearchEstimate {
  kind: 'research';
  estimated: true;
  rule: string;
  source: string;
  runs: number;
  /** The counted figure: the low end of the published range, read as input of the run's turn. */
  input_tokens: number;
  low_tokens: number;
  high_tokens: number;
}

/** `runs` research runs on one turn: the low end is counted, the range goes with it. */
export function estimateResearch(runs: number): Result<ResearchEstimate, HiddenWorkError> {
  if (!isCount(runs)) return refuse('INVALID_QUANTITY', `A number of research runs must be a whole number from 1 (got ${runs}).`);
  const low = runs * RESEARCH_RULE.low_tokens;
  return estimateBy('research', RESEARCH_RULE, {
    runs,
    input_tokens: low,
    low_tokens: low,
    high_tokens: runs * RESEARCH_RULE.high_tokens,
  });
}
