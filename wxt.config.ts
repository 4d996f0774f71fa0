import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { CHAT_HOST_MATCHES } from './src/sites/hosts';

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  imports: false,
  vite: () => ({ plugins: [preact()] }),
  zip: { excludeSources: ['var/**', 'bench/results/**', 'test/e2e/screenshots/**', '.ci/**'] },
  manifest: ({ browser }) => ({
    name: 'AI Chat Footprint',
    description:
      'See what your AI chats cost the planet: energy, carbon and water for every prompt and answer, counted exactly.',
    permissions: ['storage', 'unlimitedStorage', 'alarms'],
    host_permissions: CHAT_HOST_MATCHES,
    // The user's own Footprint Calculation Service origin is asked for at the moment they enable remote mode.
    optional_host_permissions: ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*'],
    action: { default_title: 'AI Chat Footprint' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'ai-chat-footprint@footprint.example',
              strict_min_version: '142.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
          // Firefox MV2 has no optional_host_permissions: origins go in optional_permissions.
          optional_permissions: ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*'],
        }
      : {}),
  }),
});
