import type { TestProject } from 'vitest/node';
import { startProduct } from './product.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** One freshly started product for the whole run. */
export default async function setup(project: TestProject) {
  const product = await startProduct();
  project.provide('baseURL', product.url);
  return () => product.stop();
}
