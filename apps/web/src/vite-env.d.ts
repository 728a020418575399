/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_ERROR_REPORTING_DSN?: string;
  readonly VITE_API_SAME_ORIGIN?: string;
  readonly VITE_ERROR_REPORTING_SAME_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
