/** Every chat page the extension reads (the manifest's host permissions), from each site's declared hosts. */
import { matchesOf } from './site-data';
import { SITES } from './index';

export const CHAT_HOST_MATCHES: string[] = Object.values(SITES).flatMap(matchesOf);
