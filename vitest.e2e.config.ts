import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // the time zone a build defaults to is the machine's: tests run as one machine, in Zurich, wherever they run
    env: { TZ: 'Europe/Zurich' },
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
