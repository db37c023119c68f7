export { searchRecords, type SearchOptions } from './search.ts'
export { searchPage } from './search-page.ts'
