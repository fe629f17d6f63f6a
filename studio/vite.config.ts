import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The studio's own bundle (development only): never part of the claimant app's build.
export default defineConfig({
  root: 'studio/app',
  base: '/',
  plugins: [react()],
  build: {
    outDir: '../../dist/studio',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
  },
});
