export const contentBlockStyles = ``;
