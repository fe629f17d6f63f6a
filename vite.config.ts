import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server serves the built app under /app/dist/ (spec §7: asset path prefix).
export default defineConfig({
  root: 'runtime/app',
  base: '/app/dist/',
  plugins: [react()],
  build: {
    outDir: '../../dist/app',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
});
