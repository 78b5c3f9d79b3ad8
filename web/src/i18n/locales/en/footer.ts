/** English `footer.*` strings. */
export const footer = {
  rights: 'All rights reserved.',
};
