/** Image-gen and video records (zod-free and import-free, so the popup and the schemas both can use it). */
const IMAGES_SUFFIX = ':images';
/** The id of the record of the images an answer generated: a record of its own next to the answer's turn. */
export const imagesTurnId = (turnId: string): string => `${turnId}${IMAGES_SUFFIX}`;
/** The answer's turn id for an images record, or null for any other record. */
export const turnIdOfImages = (turnId: string): string | null => (turnId.endsWith(IMAGES_SUFFIX) ? turnId.slice(0, -IMAGES_SUFFIX.length) : null);
const VIDEO_SUFFIX = ':video';
/** The id of the record of the videos an answer generated: a record of its own, like its images. */
export const videoTurnId = (turnId: string): string => `${turnId}${VIDEO_SUFFIX}`;
/** The answer's turn id for a video record, or null for any other record. */
export const turnIdOfVideo = (turnId: string): string | null => (turnId.endsWith(VIDEO_SUFFIX) ? turnId.slice(0, -VIDEO_SUFFIX.length) : null);
/** 1 for an answer's record, 0 for an images or video record: the number of answers a record adds to the totals. */
export const answersIn = (e: { turnId: string }): number => (turnIdOfImages(e.turnId) === null && turnIdOfVideo(e.turnId) === null ? 1 : 0);

/** The number of images an image-gen record holds: its output, as the service reports image-gen. */
export const imageCountOf = (images: { outputTokens: number }): number => images.outputTokens;
