import { Kernel, type KernelOptions } from "../kernel/kernel.js";
import { type FeatureOptions, serverFeatures } from "./features.js";

/** Options of a {@link ServerCore}. */
export interface ServerCoreOptions extends KernelOptions, FeatureOptions {}

/**
 * The kernel with every feature of the server installed: what a started server runs on. A
 * `keptInteractions` that is not a whole number of 0 or more throws a `RangeError`.
 */
export class ServerCore extends Kernel {
  constructor(options: ServerCoreOptions) {
    super(options);
    for (const feature of serverFeatures(options)) this.install(feature);
  }
}
