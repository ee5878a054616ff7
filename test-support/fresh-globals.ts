// Runs before each test file of a package whose files share one module graph per worker
// (`shareModules` in vitest.shared.ts): OpenTelemetry's global providers, which a file that
// observes or traces registers and nothing unregisters, are dropped, so that each file starts
// with none, as it would in a process of its own.
import { context, metrics, propagation, trace } from "@opentelemetry/api";

context.disable();
metrics.disable();
propagation.disable();
trace.disable();
