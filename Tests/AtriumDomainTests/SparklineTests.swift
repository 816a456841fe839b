import AtriumDomain
import Testing

/// The sparkline's geometry and the series' steps.
@Suite struct SparklineTests {
  @Test func pointsSpanTheWidth_theLowestSitsAtTheBottom_gapsBreakTheLine() {
    let line = Sparkline(points: [10, 20, nil, 30, 20], width: 100, height: 24)
    let segments = line.segments
    #expect(segments.count == 2, "the missing point breaks the line")
    #expect(segments[0].map(\.x) == [0, 25] && segments[1].map(\.x) == [75, 100])
    #expect(segments[0][0].y == 22, "the lowest value at the bottom, inside the padding")
    #expect(segments[1][0].y == 2, "the highest at the top")
  }

  @Test func aFlatSeriesSitsInTheMiddle_aLonePointStandsAlone_andNoValuesDrawNothing() {
    #expect(Sparkline(points: [5, 5, 5], width: 10, height: 20).segments.first?.map(\.y) == [10, 10, 10])
    #expect(Sparkline(points: [nil, 7, nil]).segments.map(\.count) == [1])
    #expect(Sparkline(points: [nil, nil]).segments.isEmpty)
  }

  @Test func aSeriesStartsOnAWholeStep_soItsPointsDoNotMoveAsTimePasses() {
    let now: Int64 = 1_772_000_123_456
    for range in SeriesRange.allCases {
      let start = range.start(endingAt: now)
      #expect(start % range.step == 0)
      #expect(now - start < range.span + range.step && now - start >= range.span - range.step)
      #expect(range.start(endingAt: now + 1_000) == start || range.start(endingAt: now + 1_000) == start + range.step)
    }
    #expect(SeriesRange.day.span / SeriesRange.day.step == 288)
    #expect(SeriesRange.week.span / SeriesRange.week.step == 168)
  }

  @Test func valuesReadWithTheirUnits() {
    #expect(SensorKind.co2.text(812) == "812 ppm")
    #expect(SensorKind.temperature.text(21.46) == "21.5 °C")
    #expect(SensorKind.noise.text(-0.04) == "0 dB", "no minus zero")
  }
}
