import AtriumMessages

/// The web app speaks the catalogue's languages (the person's setting, else the browser's).
package typealias Language = AtriumMessages.Language

/// The pages' texts are the catalogue's (`PageText` in AtriumMessages).
package typealias Text = PageText
