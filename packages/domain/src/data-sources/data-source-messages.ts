/**
 * Every builder-facing text of the data sources area: spec sections 5 and 8 verbatim, and
 * our own where the spec has none (marked).
 */
export const DATA_SOURCE_MESSAGES = {
  emptyText: "Please enter some text",
  noFile: "Please upload a file",
  fileTooBig: (size: string) => `Failed to upload context, file size is too big (max ${size})`,
  csvRejected: "Failed to upload context, make sure your CSV file has column headers and a few rows",
  uploadOther: "Failed to upload context, try again later",
  textIngest: "Error saving data, please try again or contact support via chat",
  fetchItems: "Error fetching data items, try again later",
  deleteItem: "Failed to delete item, try again later",
  renameItem: "Failed to rename item, try again later",
  replaceItem: "Failed to replace item, try again later",
  connector: "Error uploading data, please try again or contact support via chat",
  dataLimit: "The monthly data processing limit has been reached.",
  dataLimitMonetizer: "If you need more space, let us know.",
  // Ours: the spec names the limits but not their texts.
  liteItemLimit: "Your plan holds 1 data source. Delete it or upgrade your plan to add another.",
  itemLimit: (max: number) =>
    `Your plan holds ${max} data sources. Delete one or upgrade your plan to add more.`,
  fileCount: (max: number) =>
    `You can upload ${max === 1 ? "1 file" : `${max} files`} at a time on your plan.`,
  unsupportedFile: "This file type is not supported. Upload a CSV, PDF, DOC or DOCX file.",
  emptyDocument: "We could not find any text in this file.",
  scannedPdf:
    "This PDF has no text we can read (it may be a scanned image). Upload a PDF with selectable text.",
  unreadableFile: (kind: string) => `This ${kind} file could not be read. It may be damaged or protected.`,
  invalidUrl: "Enter a web address starting with http:// or https://",
  blockedAddress: "This address points to a private network and cannot be crawled.",
  noPagesCrawled: "No page of this site could be read.",
  siteNotFound: "We could not reach this site. Check the address and try again.",
  interrupted: "Reading this data source was interrupted too many times.",
  embeddingFailed:
    "The embedding model could not be reached. Try again later, or ask the server's admin to check it.",
  nameEmpty: "Name cannot be empty",
  itemNotFound: "Data source not found",
  connectorNotConfigured: "This connector is not configured on this server.",
  queryEmpty: "Type something to search for",
} as const;
