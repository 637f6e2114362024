/** The width and padding every landing section shares. */
export const container = 'mx-auto max-w-6xl px-4 sm:px-6';
