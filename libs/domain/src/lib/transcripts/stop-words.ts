/**
 * English stop words for topic detection and chapter titles: function words plus the fillers and
 * discourse words that dominate spoken lectures ("okay", "gonna", "basically"), which carry no topic.
 */
const WORDS = `
a about above across actually after afterwards again against ago ah ahead all almost alone along already also although always am among an and
another any anybody anyhow anyone anything anyway anyways anywhere are aren around as ask asked at away back basically be became because become
becomes been before beforehand behind being below beside besides best better between beyond big both bring but by call called can cannot cant
certain certainly come comes coming could couldn course did didn different do does doesn doing don done down during each easy eg either else
end enough especially etc even ever every everybody everyone everything exactly example examples fact far few fine first five following for
four from further get gets getting give given gives go goes going gone gonna good got gotta great guess guys had hadn happen happens has hasn
have haven having he hello help her here hers herself hey hi him himself his hmm how however huh i ie if important in indeed instead into is
isn it its itself just keep kind know known last later least less let lets like likely little look looking looks lot lots made main make makes
making many may maybe me mean means meant might mine minute minutes more moreover most mostly mr mrs ms much must my myself need needs never
new next nice no nobody none nor not nothing now nowhere number of off often oh ok okay old on once one ones only onto or other others otherwise
our ours ourselves out over own part particular pretty probably put quite rather re really right said same saw say saying says second seconds
see seem seemed seems seen several shall she should shouldn show showed shows side simply since so some somebody somehow someone something
sometimes somewhat somewhere soon sort start started still stuff such sure take taken takes talk talked talking tell term terms than thank thanks
that thats the their theirs them themselves then there thereby therefore these they thing things think thinking third this those though three
through thus time times to today together too took toward towards try trying turn two uh uhm um under understand until up upon us use used
uses using usually very via video videos want wanted wants was wasn watch way ways we welcome well went were weren what whatever when whenever
where whereas wherever whether which while who whoever whole whom whose why will with within without won word words work would wouldn yeah yes
yet you your yours yourself yourselves
bit bits wanna kinda folks everybody please lecture lectures slide slides class chapter section episode channel subscribe link description comment comments
zero six seven eight nine ten eleven twelve twenty thirty forty fifty hundred hundreds thousand thousands million millions billion billions half
`;

export const STOP_WORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter(Boolean));

/** Small words kept lowercase inside a Title Case title (unless first). */
export const TITLE_SMALL_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'and', 'as', 'at', 'but', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'vs', 'via']);

/** Function words allowed inside (never at either end of) a title phrase: "storming of the bastille". */
export const PHRASE_CONNECTORS: ReadonlySet<string> = new Set(['of', 'the', 'and', 'for', 'in', 'on', 'to', 'de', 'la', 'du', 'von', 'van']);

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase());
}
