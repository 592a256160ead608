// `npm run test:api`: the API suites on embedded PGlite and, when TEST_DATABASE_URL is set, on that PostgreSQL
// server (each test file creates and drops its own database there), side by side (decision 034).
import { apiStages, runStages } from './run-stages.mjs';

await runStages(apiStages());
