// Data sources: extract text from files and pages, chunk it, crawl sites, fuse rankings.
// Pure of the database and the server: the server's data-sources feature stores and
// searches what this package produces.
