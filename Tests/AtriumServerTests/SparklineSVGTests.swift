import AtriumDomain
import AtriumServices
import Testing

/// The sparkline as SVG: its marks, and a label that cannot become markup.
@Suite struct SparklineSVGTests {
  @Test func aLineAndADot_theLabelEscaped() {
    let svg = Sparkline(points: [10, 20, nil, 30], width: 100, height: 24).svg(label: "Room <2> & \"air\"")
    #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="24""#))
    #expect(svg.contains(#"aria-label="Room &lt;2&gt; &amp; &quot;air&quot;""#))
    #expect(svg.contains(#"<polyline points="0,22 33.3,12" fill="none""#))
    #expect(svg.contains(#"<circle cx="100" cy="2" r="1.5""#))
  }
}
