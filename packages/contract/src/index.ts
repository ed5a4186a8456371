export * from './endpoint.ts';
export * from './envelope.ts';
export * from './formats.ts';
export * from './messages.ts';
export * from './contact.ts';
export * from './health.ts';
export * from './sandbox.ts';
export * from './timestamps.ts';
