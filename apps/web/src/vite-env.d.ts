/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_ERROR_REPORTING_DSN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
