/// Where the pinned (sticky) section header goes: the rule, apart from any list.
///
/// The header of the section at the *pin line* — the viewport's leading edge plus an inset —
/// stays at the line while its section scrolls under it, and is pushed out by the section's end:
/// it never goes below its own place in the content, nor past the end of its section (its last
/// row, footer included). So when the next section's header arrives, it pushes the pinned one
/// out, edge to edge. When the line falls into the gap between two sections, the previous
/// section's header, pushed to its section's end, is pinned only while part of it is still past
/// the line. Above the first section nothing is pinned.
///
/// In a cyclic list the rows repeat every loop, and so do the sections: the header pinned is the
/// one of the section at the line in the loop shown there, and the last section of one loop hands
/// over to the first section of the next exactly like two neighbouring sections.
///
/// Slots are in content coordinates along the main axis, so the rule is the same on both axes
/// and in right-to-left lists; the list turns the slot into a frame.
///
/// - Complexity: O(log n) layout queries and O(log s) section lookups.
@usableFromInline
enum StickyHeaders {
  /// The pinned header's virtual row and slot, or `nil` when no header is pinned.
  ///
  /// - Parameters:
  ///   - line: the pin line in content coordinates (offset plus inset).
  ///   - sections: the sections; nothing is pinned without headers.
  ///   - wrapping: bounded or cyclic.
  ///   - layout: the prepared layout of `sections.numberOfRows` rows.
  @usableFromInline
  static func pinnedHeader(
    line: Double, sections: SectionIndex, wrapping: Wrapping, layout: some ListLayout
  ) -> (virtualIndex: Int, slot: Slot)? {
    let rows = sections.numberOfRows
    guard sections.hasHeaders, rows > 0 else { return nil }
    // The row at the line (in a gap, the next row).
    var row = layout.indices(intersecting: line..<line.nextUp).lowerBound
    if wrapping == .bounded { row = min(max(row, 0), rows - 1) }
    let loop = CyclicMath.floorDiv(row, rows) * rows
    var section = sections.section(containingRow: row - loop)
    var base = loop
    var header = base + sections.rows(ofSection: section).lowerBound
    if line < layout.slot(at: header).offset {
      // The line is above this section's header: the previous section (if any) is the one
      // being pushed out.
      if section > 0 {
        section -= 1
      } else if wrapping == .cyclic {
        section = sections.numberOfSections - 1
        base -= rows
      } else {
        return nil
      }
      header = base + sections.rows(ofSection: section).lowerBound
    }
    let slot = layout.slot(at: header)
    let last = base + sections.rows(ofSection: section).upperBound - 1
    let sectionEnd = layout.slot(at: last).end
    let pinned = max(slot.offset, min(max(line, slot.offset), sectionEnd - slot.extent))
    guard pinned + slot.extent > line || pinned == slot.offset && slot.offset >= line else {
      return nil
    }
    var result = slot
    result.offset = pinned
    return (header, result)
  }
}
