/**
 * The version of the instruction grammar and the consolidation engine. Stored rebuilt versions
 * record it, and a sync rebuilds every document whose rebuilt versions an older engine made: raise
 * it whenever the grammar or the engine reads or applies anything differently, or what a rebuilt
 * version records of it changes (5: each changed unit names the points that changed it; 6: an
 * annex's body, forms of the replay's misses read, #36 h-engine2; 7: Slovak points, punctuation
 * after given words, #36 h-engine3; 8: punctuation next to another mark refused, a heading inserted
 * below a § label, footnote sentences "na samostatný řádek", #36 h-engine4; 9: a heading's "(K § …)"
 * line, group headings of repealed §§, whole-unit repeals not held back by failures inside them,
 * "Z části … se vypouštějí ustanovení hlavy …", an annex's title line, picture annexes refused,
 * #36 h-engine5; 10: a list's last písmeno ends before its závěrečná část, words ending with an
 * item's comma follow it, footnote marks without a space before them, sentences repealed from the
 * last, a deleted sentence end keeps its full stop, a sentence already after the one named,
 * "vypouští ustanovení písm. …" and "Dosavadní označení písmena … se zrušuje", #36 h-engine6; 11: a new
 * container inserted with its §§, a container's new wording with its §§, the containers inside a
 * renumbered one renamed with it, an annex added after the last one, a část or hlava renumbered in
 * words, a heading's new wording under the unit's label, a footnote's quotation opened after a
 * caret, "na konci odstavce" without its number, ordinals in the accusative or before their
 * container, "úvodních částech ustanovení", #36 h-engine7; 12: the act's only annex named without a
 * number, "Příloha zní:", "V příloze se …", #35 h-recall5; 13: words the named unit holds more than once replaced in every
 * place, "§ N zní:" without "včetně nadpisu" drops a heading below the label, a named footnote
 * printed between new §§, a §'s heading repealed with all its odstavce "včetně nadpisu", #36 h-engine8;
 * 14: "včetně poznámek č. 7) až 11)" without "pod čarou" read, a point inside an annex's lettered
 * část refused, an unquoted new text ended at the next unnumbered instruction, a place with a list
 * of footnotes after the act's "ve znění" list, #35 h-recall6 (13 on its branch); 15: a heading
 * repealed ("Nadpis nad § 146 se vypouští": one above the label only), a závěrečná část repealed,
 * "část věty za středníkem včetně středníku se zrušuje", footnote marks replaced or removed without
 * their footnotes, two pairs of words replaced in one clause, "Dosavadní text § N se označuje jako
 * odstavec 1 a doplňuje se odstavcem 2" (below a "(k § …)" line), odstavce's numbering dropped, a
 * container's label put among §§ or below a container's heading, #36 h-engine9; "V odstavci 2 …"
 * after a sentence in a § of the same point is in that §, "odstavec 2 a označení odstavce 1 se
 * zrušují", the act's only annex named by its title ("V příloze Sazebník poplatků se …"), #35 h-recall8);
 * 16: words found in the act's spacing and dashes, in a heading the text writes in capitals, and
 * opening a sentence with a capital; new words in the act's spacing; a point's sentences as the
 * text before it numbers them; a number ending a reference ends its sentence; a "(k § …)" line in
 * lower case; a new wording's body numbered in levels, #36 h-engine11; 17: the items of an annex's
 * table in a lettered part (vyhláška č. 323/2002 Sb.'s položky: their náplň set, added or appended,
 * an item inserted, set anew or repealed), the amending act's next část heading at a point's end,
 * older wordings ("se vypouštějí tato slova:", "za slovy „A“ se vkládají", "úvodní věta"), #36
 * h-engine10; 18: marks an earlier point of the act wrote keep their number when the former footnote
 * of that number is renumbered, a new footnote's text running past the act's closing quotation mark
 * refused, a footnote's quotation after its number taken off, footnote marks after a closing full
 * stop kept with the last words when words are added at the end, a footnote repealed in one place
 * without its references refused, #36 h-prec.
 * 19: a whole act repealed with exceptions ("Předpis se zrušuje s výjimkou …") applied
 * as a partial repeal (every unit but those kept, the containers holding them and the way down to a
 * kept part), #36 h-engine12.
 * 20: a citation or a word named by its brackets ("se citace § 80, uvedená v závorce, nahrazuje
 * citací § 565", "se vypouští slovo „městské“, uvedené v závorce"), clauses of one place joined by
 * "; ", "ustanovení písmene b)" for the písmeno, "dosavadní odkaz na poznámku pod čarou", a
 * quotation without the space before it, #36 h-engine13.
 * 21: container words in capitals read by the grammar ("DÍL VIII včetně nadpisu zní:"), so their
 * points are applied; containers whose ordinal stands before the word ("PRVNÍ ČÁST") parsed, so
 * points naming them find them, #35 h-recall11.
 * 22: repeal lists read item by item ("§ 324 věta prvá", "§ 34 e", "přílohy č. 1 a 2 k vyhlášce", "příl.
 * č. 1", "hlava druhá (čl. 19 až 38)", footnotes and headings named with each unit, a range of
 * footnotes repealed whole), a container's label dropped ("označení hlavy II včetně nadpisu se
 * zrušuje"), containers named by ordinals in the genitive and locative, a range of containers without
 * the ones inside them, díly and oddíly renumbered in words; a first sentence's new wording without
 * the odstavec's number; "V příloze č. 4 zní:" refused, #36 h-engine14.
 * 23: "dosavadní odstavec 6 označuje jako odstavec 7 a zní:" words the renumbered unit (it worded the
 * whole place), "v nadpise … a v textu …", "za slovem „A“ vypouštějí slova „B“", a footnote's mark
 * replaced and the old footnote repealed, "vypouští odkaz na poznámku", "včetně odkazů na tato
 * písmena", a shared heading over §§, letters renumbered without their noun, "Pod označení § 295 se
 * vkládá nadpis „…“", words replaced "v nich" in §§ renumbered; "věta poslední" of a unit that holds a
 * list refused (it took the last sentence before the list), #36 h-engine15.
 * 24: word-level forms: a heading inside a list of places ("V § 1 odst. 1, nadpisu § 18, …"), a
 * reference without its "V" before the words it changes, "návětí" as the úvodní část, amounts without
 * quotation marks ("se částka 100 Kčs nahrazuje částkou 150 Kčs"), "za slovy „A“ se zrušuje čárka a
 * doplňují se slova „B“" (B where the mark was), "na konci úvodní části ustanovení se doplňují slova",
 * "věta za středníkem zní:", "slova „A“ a „B“ se nahrazují slovem „C“", "za slova „A“ a za slova „B“
 * se vkládají slova „C“", "a dále v …", #36 h-engine17.
 * 25: containers and their headings: an act's container named without the ones above it no longer
 * matches an annex's part ("Nadpis části první" with a `priloha/cast_1`); containers written after
 * the ones they hold ("Nadpis dílu třetího hlavy třinácté"); "Název hlavy čtvrté zní:"; "označení a
 * nadpis hlavy II, které znějí:"; a "nadpis" that is a container's label ("Nad § 280 se vkládá
 * nadpis: Oddíl druhý …", "Pod nadpis hlavy dvanácté …", "Pod tento nadpis …", "nad slova „§ 4“
 * vkládají slova: HLAVA I …"); "Za znění § 272 se
 * vkládá oddíl druhý" with its §§; a new text's containers put among §§ under the containers of the
 * place (`cast_6/oddil_2`, not `oddil_2`), a container the act names without them when its
 * predecessor is there, #36 h-engine16.
 * 26: a failed point that names a hlava or a § only as the place of a container it adds (a díl added
 * at a hlava's end, a díl's label set as headings above a §) no longer holds back the act's
 * renumbering of the hlavy and the points after it; "nadpis nad § N" after the containers of its
 * place read inside them; a new písmeno after the last one goes before the list's závěrečná část
 * that goes on with its sentence ("(dále jen „…“)."), which a paragraph in brackets can open; "na
 * konci se vypouští tečka a připojují se tato slova:", #36 h-engine19.
 * and a later point that renumbers the containers already there goes before the point that puts a
 * new container under one of their numbers (its containers named alone read in the new one's
 * container); "Dosavadní část čtvrtá se označuje jako „ČÁST PÁTÁ“", #36 h-engine18.
 * 27: "se na konci připojuje čárka a slovo „nebo“" on a list's last item takes its full stop's
 * place, "a odstavec se doplňuje písmenem c)" after a clause on a písmeno, "včetně společného
 * nadpisu" of several §§, "odkazy na poznámky pod čarou … zrušují", Slovak wordings (cases,
 * "písmenami", "dopĺňa o", "dáva čiarka"); words added after a closing "… Sb." end with a full
 * stop, a list's new last item left without a mark takes the full stop of the item repealed, #36
 * h-engine20.
 * 27; also a heading that a new wording restates with the other dash between its words keeps the text's
 * dash; "odst. 1" of a § whose text numbers no odstavce is its text (for the písmena, body and words
 * in it); the titles of a new annex written as plain lines where the act's annexes have no "#### "
 * line, #36 h-engine21.
 * 28: "Dosavadní odstavec 2 se označuje jako odstavec 3 a vypouštějí se v něm slova …" (or ", který
 * zní:") renumbers, then changes the unit under its new number; words "v části „…“" of an annex are
 * changed where they are once in the annex, after the line the part's heading starts, #36 h-engine23.
 * 29: annex forms: words of an annex item's náplň changed where they are once in its cell; a part of
 * an annex headed by a bold label line given a new text or followed by a new part; an annex's title
 * put below its label; the text before an annex as the closing lines of the annex before, #36
 * h-engine25.
 * 30: repeal lists and renumberings of ranges: písmena past z as "aa), ab)" or "aa), bb)"; "§ 5 až 13
 * včetně nadpisu nad § 5" (or "a společného nadpisu nad § 5") takes the heading above the first §
 * too, as "Společný (Skupinový) nadpis nad § 9 se zrušuje"; "včetně nadpisů hlavy 4, 5 a 6 části II"
 * the hlavy's labels and headings after their §§; "§ 98 včetně nadpisu, § 99 a 100"; footnotes named
 * with their carets; "prvé čtyři věty"; "čl. 22 č. 1 až 5" as body; a footnote renumbering's
 * "včetně odkazů na ně" before the verb or "jako", "na tyto poznámky"; "se označí (označuji) jako";
 * a run of one unit's sentences in a repeal list taken out from the last, #36 h-engine24.
 * 31: an act a Slovak organ issued (`issuedBySlovakOrgan`: the Slovak National Council's, its
 * presidium's, the Slovak government's, a Slovak ministry's or office's) is not applied to a text no
 * Slovak organ issued, its points not applied as `other_republic` (the rebuild's `stepSkipReason`),
 * #35/#36 h-slovak.
 * 32: "Společný (Skupinový) nadpis nad § N zní:" as the §'s heading where no heading stands above it;
 * "Poznámka č. 10 k § 16 a 17 zní:" as the footnote's new wording; a footnote of a repeal list with
 * "včetně odkazů" that the text neither holds nor cites is already gone, the others are repealed,
 * #36 h-engine26.
 * 33 (32 on both branches): "na konci odstavce 2 tečka nahrazuje čárkou a doplňuje se písmeno i)" where a závěrečná část
 * closes the list replaces the last písmeno's mark, refused where it has none (`endOfListRegion`);
 * words ending with the sentence's full stop put before the one the text has leave one
 * (`oneFullStop`); a footnote's first words deleted with their full stop take it,
 * #36 (b) h-prec2.
 * 34: words a clause names more than once in its unit where all but one place are words an earlier
 * clause of the same point wrote (`unwrittenHit`), or lie inside the longer words another clause of
 * the point names (`hitOutsideOtherClauses`), are changed in that one place, #36 h-engine27.
 * 35: a point that gives whole units a new wording is not held back by an earlier unread change of
 * words throughout the text (`rewordsWholeUnits`); a new text that keeps the act's opening mark (its
 * closing one lost in the source) is read for its §§ without it (`holdsSections`), #36 h-engine28.
 * 36: a heading put above a § or článek that has none ("Nad § 24b se vkládá nadpis, který zní:") goes
 * on its own line above the label (`insertHeadingAbove`), refused beside a heading of its own; the
 * reader's forms of version 35 (container labels "nové označení", "v tomto znění", the mark and words
 * "vkládají čárka a tato slova", misspelt verbs), #36 h-engine29; and "§ 2b" replaced by the sign alone in a list of §§ takes the removed number's comma; words put
 * after words the text quotes whole go outside the quotation marks; a later clause naming a sentence
 * after one an earlier clause of the point puts in is refused (`ambiguous`); "dosavadní text se
 * označuje jako odstavec 1" numbers the text below a heading set as a plain line, #36 (b) h-prec3.
 * 37: words whose footnote mark the act sets on the other side of a punctuation mark than the text
 * are found there (`swappedMarks`), and words that end with a mark the text sets after the
 * punctuation that follows them are replaced or deleted with the punctuation kept in its place
 * (`wordsBeforePunctuatedMarks`); a § or článek whose new wording the act writes without its label
 * keeps its label and heading, #36 h-engine30; a refused change throughout the text holds back only
 * the units holding its words, not every unit (`everywhereHolds`), #35 h-recall16.
 * 38: a new wording of sentences next to each other in one unit ("věty první a druhá se nahrazují
 * větou") replaces them as one span (`sentenceRun`); of the same sentence or part of several units
 * ("odst. 2 a 3 úvodní části ustanovení znějí"), or of the same písmeno or bod of several §§ ("V § 13
 * odst. 1 a v § 26 odst. 1 písmeno l) zní"), gives each the same words (`samePartOfUnits`,
 * `sameUnitOfSections`), the part or the písmeno written after the last unit taken as of each
 * (`spreadPart`, `spreadTail`); "Nadpis nad § 14 se zrušuje" takes the heading line above the label
 * that the unit before ends with (`headingAboveLabel`); the last sentence of a unit that holds a list is
 * the last of its závěrečná část, and the sentences "závěrečné části ustanovení" names are that
 * part's (`regionOf`), #36 h-engine31.
 * 39: a new wording of footnotes given by a range ("Poznámky č. 12) až č. 14) pod čarou znějí:") gives
 * each footnote of the range its text (`footnotesNamed`), refused where the text has one the range's
 * numbers skip; a footnote's caret set before the act's opening mark ("^„3) Zákon …“") is its number's;
 * full stops inside a quotation the span closes end no sentence (`sentences`); a list's new last item
 * whose words end with an abbreviation's full stop ("… D.III.38.,") ends the list with it, #36
 * h-engine33.
 * 40: a new wording of odstavce a § has only from the first named on ("§ 143
 * odst. 2 až 5 znějí:" where it ends with odstavec 3) gives those it has the new text and puts the
 * others after them (`odstavceBeyondEnd`), #36 h-engine34.
 * 41: a § or článek a repeal of its parts leaves with its label line alone ("§ 18 odst. 1 se
 * zrušuje" on a partial text holding only that odstavec) goes as a repealed one
 * (`dropLabelOnlyUnits`), #36 h-engine35.
 * 42: words replaced or repealed "na konci textu" of a numbered unit ("na konci textu písmene d) se
 * slovo „nebo“ zrušuje") are read as "na konci" of it, and words added "na konci textu odstavce 4 a na
 * konci textu odstavce 5" go to the end of each, #36 h-engine36.
 * 43: a footnote mark stays set to the word before it when words right before it are repealed or
 * words are put after that word; "včetně nadpisu nad § 43" of a § an insertion puts in (the heading
 * a line of its new text); the same words added "na konci" of units in several places, each with its
 * own "na konci" ("V § 29 odst. 1 na konci textu písmene e) a v § 39 odst. 1 na konci textu písmene
 * h) se doplňují slova"), read place by place, #36 h-engine37.
 */
export const CONSOLIDATION_ENGINE_VERSION = 43;
