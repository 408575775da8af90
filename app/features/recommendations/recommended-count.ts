/** How many companies the top page's おすすめの企業 carousel holds, for visitors and for students. */
export const RECOMMENDED_COUNT = 15;
