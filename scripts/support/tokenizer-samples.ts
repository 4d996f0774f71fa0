/** Short samples the methodology compares tokenizers on (scripts/tokenizer-table.ts) and the tests count. */
export const SAMPLES = {
  English: 'Could you explain how a heat pump moves warmth from cold outside air into a house, and why it uses less electricity than a heater?',
  Chinese: '请解释一下热泵是如何把寒冷室外空气中的热量转移到室内的，以及为什么它比电暖器更省电。',
  Japanese: 'ヒートポンプが寒い屋外の空気から熱を取り込んで室内を暖める仕組みと、電気ヒーターより電力が少なくて済む理由を教えてください。',
  Code: 'def moving_average(values: list[float], window: int) -> list[float]:\n    return [sum(values[i - window:i]) / window for i in range(window, len(values) + 1)]\n',
} as const;

export type SampleName = keyof typeof SAMPLES;
