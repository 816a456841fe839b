import AtriumHTML
import Testing

@Suite struct RenderTests {
  @Test func textAndAttributesAreEscaped() {
    let node = Node.p([.class("x\" onclick=\"alert(1)")], ["<script>alert('hi') & bye</script>"])
    #expect(
      node.render()
        == "<p class=\"x&quot; onclick=&quot;alert(1)\">&lt;script&gt;alert('hi') &amp; bye&lt;/script&gt;</p>")
  }

  /// Any text, with the escaped characters among letters, accents, emoji and combining
  /// marks, renders as escaping one Unicode scalar at a time would.
  @Test func escapingMatchesAScalarByScalarReference() {
    let pieces = ["a", "Z", " ", "&", "<", ">", "\"", "'", "ñ", "é", "e\u{301}", "👩‍💻", "&amp;", "\n", "日本"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement()! }.joined()
      #expect(Node.p([], [.text(text)]).render() == "<p>\(reference(text, inAttribute: false))</p>", "\(text)")
      #expect(
        Node.p([Attribute("title", text)], []).render()
          == "<p title=\"\(reference(text, inAttribute: true))\"></p>", "\(text)")
    }
  }

  private func reference(_ text: String, inAttribute: Bool) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"" where inAttribute: output += "&quot;"
      case "'" where inAttribute: output += "&#39;"
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  /// A page far larger than the buffer first reserved is written whole, byte for byte.
  @Test func aLargePageIsWrittenWhole() {
    let items = (0..<3_000).map { index in
      Node.li([.id("item-\(index)"), .class(index.isMultiple(of: 2) ? "even" : "odd")], [.text("café & <\(index)>")])
    }
    let expected = (0..<3_000).map { index in
      "<li id=\"item-\(index)\" class=\"\(index.isMultiple(of: 2) ? "even" : "odd")\">café &amp; &lt;\(index)&gt;</li>"
    }.joined()
    #expect(Node.ul([], items).render() == "<ul>\(expected)</ul>")
    #expect(
      Node.html([], [.body([], items)]).renderDocument() == "<!doctype html><html><body>\(expected)</body></html>")
  }

  @Test func voidAndBooleanAttributes() {
    let node = Node.input([.type("checkbox"), .name("n"), .checked])
    #expect(node.render() == "<input type=\"checkbox\" name=\"n\" checked>")
  }

  @Test func attributeNamesThatCouldBreakTheTagAreDropped() {
    let node = Node.div([Attribute("x onload=alert(1)", "v"), Attribute("data-ok", "1")], [])
    #expect(node.render() == "<div data-ok=\"1\"></div>")
    let data = Node.span([.data("x\" onload=\"alert(1)", "v"), .data("status", "pending")], [])
    #expect(data.render() == "<span data-status=\"pending\"></span>")
  }

  @Test func documentsStartWithTheDoctypeAndKeepTrustedMarkup() {
    let page = Node.html([.lang("es")], [.body([], [.trusted("<b>ok</b>"), .fragment(["a", "b"])])])
    #expect(page.renderDocument() == "<!doctype html><html lang=\"es\"><body><b>ok</b>ab</body></html>")
  }

  /// A frame split at its hole and filled gives the page rendered whole, escaping included; a
  /// frame without a hole is all before it.
  @Test func aFrameSplitAtItsHoleWrapsContentAsTheWholePageWould() {
    func frame(_ content: Node) -> Node {
      .html(
        [.lang("en")], [.body([.data("who", "A & \"B\"")], [.header([], ["<top>"]), .main([.id("c")], [content])])])
    }
    let content = Node.fragment([.h1([], ["Time off"]), .p([], ["1 < 2"])])
    let (before, after) = frame(.hole).renderAroundHole()
    #expect(before + content.render() + after == frame(content).render())
    #expect(after == "</main></body></html>")
    #expect(Node.hole.render().isEmpty)
    let whole = Node.div([], ["no hole"])
    #expect(whole.renderAroundHole() == (before: whole.render(), after: ""))
  }
}
