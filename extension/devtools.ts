// Entry point: wires parts together; see src/. (placeholder until wired)
export {};
