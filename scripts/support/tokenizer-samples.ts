/** Short samples the methodology compares tokenizers on (bench/tokenizer-table.ts) and the tests count. */
export const SAMPLES = {
  English: 'Could you explain how a heat pump moves warmth from cold outside air into a house, and why it uses less electricity than a heater?',
  Chinese: '请解释一下热泵是如何把寒冷室外空气中的热量转移到室内的，以及为什么它比电暖器更省电。',
  Japanese: 'ヒートポンプが寒い屋外の空気から熱を取り込んで室内を暖める仕組みと、電気ヒーターより電力が少なくて済む理由を教えてください。',
  Code: 'def moving_average(values: list[float], window: int) -> list[float]:\n    return [sum(values[i - window:i]) / window for i in range(window, len(values) + 1)]\n',
} as const;

export type SampleName = keyof typeof SAMPLES;

/**
 * Texts where tokenizers disagree most easily: runs of whitespace (SentencePiece vocabularies hold
 * tokens for them), scripts beyond Latin, emoji. The tests count them with every vocabulary.
 */
export const EDGE_SAMPLES = {
  'Runs of spaces': '  two  spaces\n\nnewlines\ttab',
  'Indented code': '    if (x) {\n        return   y;\n    }\n\n\n\n// end',
  'Tabs and blank lines': 'a\t\tb\t\t\tc\n\n\n\nd \n \n \t \n   \t\t  e     ',
  'Leading and trailing': '   surrounding space   ',
  Korean: '히트 펌프는 차가운 바깥 공기에서 열을 끌어와 집을 데웁니다.',
  'Traditional Chinese': '熱泵如何從寒冷的室外空氣中把熱量轉移到室內？',
  Hindi: 'हीट पंप ठंडी बाहरी हवा से गर्मी लेकर घर को कैसे गर्म करता है?',
  Tamil: 'வெப்ப பம்ப் குளிர்ந்த வெளிப்புற காற்றிலிருந்து வெப்பத்தை எவ்வாறு எடுக்கிறது?',
  Bengali: 'তাপ পাম্প কীভাবে ঠান্ডা বাইরের বাতাস থেকে তাপ সরিয়ে ঘর গরম করে?',
  Emoji: '🌍🔥💧 👩🏽‍💻 🇫🇷🇯🇵 ❤️‍🔥 1️⃣ 🧑‍🤝‍🧑 😂😂😂',
} as const;
