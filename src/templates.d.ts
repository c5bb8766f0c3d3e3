declare module '*.html?raw' {
  const text: string
  export default text
}
