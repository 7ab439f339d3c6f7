// Vite's ?raw imports, used by tests to read repository documents.
declare module '*?raw' {
  const text: string;
  export default text;
}
