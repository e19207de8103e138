export * from './agent-tools.js';
export * from './copilot-tools.js';
export * from './file-tools.js';
export * from './lookup-copilot-tool.js';
export * from './other-tools.js';
export * from './shell-tools.js';
export * from './tool-output.js';
