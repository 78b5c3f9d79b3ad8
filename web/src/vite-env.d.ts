/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_ANNOUNCEMENT_CHANNEL_URL?: string;
  readonly VITE_MARKETING_MATERIALS_URL?: string;
  readonly VITE_SKYPE_URL?: string;
}
