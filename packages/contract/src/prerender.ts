/**
 * Stands for the product's name in pages prerendered at build time, which cannot know it: the
 * server writes `PRODUCT_NAME` in its place when it serves them.
 */
export const productNamePlaceholder = '{{PRODUCT_NAME}}';
