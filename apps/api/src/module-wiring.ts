// The composition root of the modules' ports (decision 068): a lower module declares what it needs from the
// modules above it as a typed port, and this file, outside the modules, plugs in the use cases that answer it.
// server.ts and the tests' app build their context with `ports: wireModules()`.
import { finalDraftInputs, releaseHeldFiles } from './modules/files/index.ts';
import type { OrderTransitionPorts } from './modules/orders/transition-ports.ts';
import { workspaceNotices } from './modules/workspace/workspace-notices.ts';

export type ModulePorts = {
  /** Applying an order transition (orders). */
  transitions: OrderTransitionPorts;
};

export function wireModules(): ModulePorts {
  return {
    transitions: { finalDraftInputs, releaseHeldFiles, geekNotices: workspaceNotices },
  };
}
