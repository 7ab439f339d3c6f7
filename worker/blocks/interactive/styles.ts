export const interactiveBlockStyles = ``;
