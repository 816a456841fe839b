import AtriumServices
import AtriumWeb
import Foundation

/// The small Markdown subset company notices may use, rendered to HTML with every character of
/// the source escaped first, so no HTML in a notice ever reaches a page as markup.
///
/// Paragraphs (blank lines), line breaks, `- ` lists, `**bold**`, `*italic*`, and links
/// `[text](https://...)` to http and https addresses only.
enum NoticeMarkdown {
  private static let link = try! NSRegularExpression(pattern: #"\[([^\]\n]+)\]\((https?://[^\s()<>"]+)\)"#)
  private static let bold = try! NSRegularExpression(pattern: #"\*\*([^*\n]+)\*\*"#)
  private static let italic = try! NSRegularExpression(pattern: #"\*([^*\n]+)\*"#)

  /// A notice's body as HTML: company notices use the Markdown subset; personal notices are
  /// plain text written by Atrium.
  static func bodyHTML(_ body: String, isCompany: Bool) -> String {
    isCompany ? html(body) : "<p>" + HTMLText.escape(body) + "</p>"
  }

  static func html(_ source: String) -> String {
    let text = source.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    let blocks = text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .newlines) }
      .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    return blocks.map { block in
      let lines = block.components(separatedBy: "\n")
      if lines.allSatisfy({ $0.hasPrefix("- ") || $0.hasPrefix("* ") }) {
        return "<ul>" + lines.map { "<li>" + inline(String($0.dropFirst(2))) + "</li>" }.joined() + "</ul>"
      }
      return "<p>" + lines.map(inline).joined(separator: "<br>") + "</p>"
    }.joined(separator: "\n")
  }

  private static func inline(_ text: String) -> String {
    var result = HTMLText.escape(text)
    result = replace(link, in: result, with: #"<a href="$2" rel="noopener noreferrer">$1</a>"#)
    result = replace(bold, in: result, with: "<strong>$1</strong>")
    result = replace(italic, in: result, with: "<em>$1</em>")
    return result
  }

  private static func replace(_ expression: NSRegularExpression, in text: String, with template: String) -> String {
    expression.stringByReplacingMatches(
      in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
  }
}
