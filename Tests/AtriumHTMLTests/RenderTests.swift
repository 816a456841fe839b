import AtriumHTML
import Testing

@Suite struct RenderTests {
  @Test func textAndAttributesAreEscaped() {
    let node = Node.p([.class("x\" onclick=\"alert(1)")], ["<script>alert('hi') & bye</script>"])
    #expect(
      node.render()
        == "<p class=\"x&quot; onclick=&quot;alert(1)\">&lt;script&gt;alert('hi') &amp; bye&lt;/script&gt;</p>")
  }

  @Test func voidAndBooleanAttributes() {
    let node = Node.input([.type("checkbox"), .name("n"), .checked])
    #expect(node.render() == "<input type=\"checkbox\" name=\"n\" checked>")
  }

  @Test func attributeNamesThatCouldBreakTheTagAreDropped() {
    let node = Node.div([Attribute("x onload=alert(1)", "v"), Attribute("data-ok", "1")], [])
    #expect(node.render() == "<div data-ok=\"1\"></div>")
  }

  @Test func documentsStartWithTheDoctypeAndKeepTrustedMarkup() {
    let page = Node.html([.lang("es")], [.body([], [.trusted("<b>ok</b>"), .fragment(["a", "b"])])])
    #expect(page.renderDocument() == "<!doctype html><html lang=\"es\"><body><b>ok</b>ab</body></html>")
  }
}
