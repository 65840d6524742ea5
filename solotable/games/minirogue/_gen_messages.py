# Generates messages.toml (run once; kept for maintenance). Not imported by the game.
M = {}
def m(k, en, ja): M[k] = (en, ja)
for k, en, ja in [("normal","Normal","普通"),("hard","Hard","難しい"),("harder","Harder","困難"),("roguelike","Roguelike","ローグライク")]:
    m("mr.difficulty."+k, en, ja)
for k, en, ja in [("rogue","Rogue","ローグ"),("priestess","Priestess","巫女"),("crusader","Crusader","戦士"),("mage","Mage","魔法使い")]:
    m("mr.char."+k, en, ja)
cards = {"MON-A":("Monster A","モンスターA"),"MON-B":("Monster B","モンスターB"),"MON-C":("Monster C","モンスターC"),
 "TRAP-1":("Trap 1","トラップ1"),"TRAP-2":("Trap 2","トラップ2"),"TRAP-3":("Trap 3","トラップ3"),"TRAP-4":("Trap 4","トラップ4"),
 "GRV-1":("Graveyard","墓所"),"GRV-2":("Damp Cave","湿った洞窟"),"GRV-3":("Corridor","回廊"),"GRV-4":("Abandoned Shelter","打ち捨てられた隠れ家"),
 "CAMP-1":("Campfire","たき火"),"CAMP-2":("Hermit","隠者"),"MERC-1":("Merchant","商人"),"MERC-2":("Hunter","狩人"),
 "TRES-A":("Treasure A","宝物A"),"TRES-B":("Treasure B","宝物B"),"SHRN":("Shrine","神殿"),"ITEM-1":("Item: Rusty Dagger","アイテム：錆びた短剣"),"ITEM-2":("Item: Worn Sword","アイテム：使い古された剣")}
for k,(en,ja) in cards.items(): m("mr.card."+k,en,ja)
m("mr.item.ITEM-1","Rusty Dagger","錆びた短剣"); m("mr.item.ITEM-2","Worn Sword","使い古された剣")
names = [("giant_rat","Giant Rat","巨大ネズミ"),("skeleton_soldier","Skeleton Soldier","骸骨兵"),("winged_serpent","Winged Serpent","翼ある大蛇"),
 ("cursed_guard","Cursed Guard","呪われし衛兵"),("giant_spider","Giant Spider","巨大グモ"),("goblin","Goblin","ゴブリン"),("crossbowman","Crossbowman","弩兵"),
 ("kings_guard","King's Guard","王の近衛兵"),("mutant_fly","Mutant Fly","変異バエ"),("burrowing_worm","Burrowing Worm","穴掘りワーム"),("dire_wolf","Dire Wolf","ダイアウルフ"),
 ("ancestral_spirit","Ancestral Spirit","祖霊"),("apparition","Apparition","幻影"),("ghost","Ghost","亡霊"),("specter","Specter","怨霊"),("revenant","Revenant","蘇りし死者"),
 ("cursed_dragon","Cursed Dragon","呪われし竜"),("kings_protector","King's Protector","王の守護者"),("spider_queen","Spider Queen","女王グモ"),("ghoul","Ghoul","グール"),
 ("og","Og's Remains","始祖の残骸"),("og1","Og's Remains (phase 1)","始祖の残骸（第1フェイズ）"),("og2","Og's Remains (phase 2)","始祖の残骸（第2フェイズ）"),
 ("meanders","Meanders","曲がりくねった道"),("maze","Maze","迷路"),("labyrinth","Labyrinth","大迷宮"),("tiny_thorns","Tiny thorns","小さな棘"),("thick_web","Thick web","厚い蜘蛛の巣"),
 ("bats","Bats","コウモリ"),("rat_horde","Rat horde","ネズミの大群"),("acid_mist","Acid mist","酸の霧"),("pendulums","Pendulums","振り子の刃"),("venomous_spikes","Venomous spikes","毒の棘"),
 ("trapped_floor","Trapped floor","仕掛け床"),("gaping_hole","Gaping hole","大穴"),("holy_water","Holy water","聖水"),("provisions","Provisions","食料"),("loot","Loot","戦利品"),
 ("codex","Codex","古文書"),("rats","Rats","ネズミ"),("hallucinogenic_mushroom","Hallucinogenic mushroom","幻覚キノコ"),("brown_mushroom","Brown mushroom","茶色のキノコ"),
 ("grey_mushroom","Grey mushroom","灰色のキノコ"),("beige_mushroom","Beige mushroom","ベージュのキノコ"),("luminous_mushroom","Luminous mushroom","光るキノコ"),("spotted_mushroom","Spotted mushroom","まだらのキノコ"),
 ("nothing_happens","Nothing happens","何も起きない"),("is_this_edible","Is this edible?","これ食べられる？"),("rotten_floor","Rotten floor","腐った床"),("ambush","Ambush","待ち伏せ"),
 ("fighters_shelter","Fighter's shelter","戦士の隠れ家"),("mages_trap","Mage's trap","魔術師の罠"),("clerics_shelter","Cleric's shelter","僧侶の隠れ家"),("rogues_trap","Rogue's trap","盗賊の罠"),
 ("adventurers_ghost","Adventurer's ghost","冒険者の亡霊")]
for k,en,ja in names: m("mr.name."+k,en,ja)
for k,en,ja in [("fire","Fire potion","火のポーション"),("frost","Frost potion","氷のポーション"),("poison","Poison potion","毒のポーション"),("healing","Healing potion","回復のポーション"),("holy","Holy potion","聖なるポーション"),("perception","Perception potion","知覚のポーション"),("any","a potion of your choice","好きなポーション1つ")]:
    m("mr.potion."+k,en,ja)
for k,en,ja in [("poison","Poison","毒"),("curse","Curse","呪い"),("blind","Blind","盲目")]: m("mr.status."+k,en,ja)
for k,en,ja in [("hp","HP","体力"),("armor","Armor","防御力"),("gold","Gold","金貨"),("food","Food","食料"),("xp","XP","経験値")]: m("mr.stat."+k,en,ja)
for k,en,ja in [("backstab","Backstab","背後からの一撃"),("evade","Evasion","回避"),("tribute","Divine Tribute","聖なる讃歌"),("bless","Blessing","祈りの言葉"),("stun","Stun","麻痺"),("shield","Shield","かばう"),("conjure","Conjuration","魔術"),("foresee","Foresight","予見")]:
    m("mr.skill."+k,en,ja)
for k,en,ja in [("gold","1 gold","金貨1"),("food","1 food","食料1"),("armor","1 armor","防御力1"),("item","the item","アイテム"),("fire","Fire potion","火のポーション"),("frost","Frost potion","氷のポーション"),("poison","Poison potion","毒のポーション"),("healing","Healing potion","回復のポーション"),("holy","Holy potion","聖なるポーション"),("perception","Perception potion","知覚のポーション")]:
    m("mr.give."+k,en,ja)
for k,en,ja in [("hp1","+1 HP","体力+1"),("hp4","+4 HP","体力+4"),("holy","Holy potion","聖なるポーション"),("armor","+1 armor","防御力+1"),("potion","any potion","好きなポーション"),("food","+1 food","食料+1")]:
    m("mr.ware."+k,en,ja)
for k,en,ja in [("xp","1 XP","経験値1"),("hp","2 HP","体力2"),("free","free (item)","無償（アイテム）")]: m("mr.cost."+k,en,ja)
for k,en,ja in [("bless","Blessing (cure all statuses)","祝福（状態異常をすべて回復）"),("fall","Fall","落ちる"),("ghost","fight the Ghost","亡霊と戦う"),("nothing","nothing","何も起きない")]:
    m("mr.fx."+k,en,ja)
acts = [("pass","Pass (go on)","パス（先へ進む）"),("move_right","Move right","右へ移動"),("move_down","Move down","下へ移動"),("roll","Roll the dice","ダイスを振る"),
 ("drink","Drink the {potion}","{potion}を飲む"),("confirm","Confirm the dice","ダイスを確定する"),("confirm_n","Confirm, Backstab doubling die {a0}","確定し、背後からの一撃でダイス{a0}を2倍にする"),
 ("crit","Critical: reroll die {a0} and add it","会心の一撃：ダイス{a0}を振り直して加える"),("feat","Feat: reroll die {die}, paying {cost}","特技：ダイス{die}を振り直す（{cost}を支払う）"),
 ("backstab","Backstab (double one die at Confirm)","背後からの一撃（確定時にダイス1個を2倍）"),("tribute","Divine Tribute: lose {a0} HP, deal twice that","聖なる讃歌：体力を{a0}失い、その2倍のダメージ"),
 ("stun","Stun: damage of twice your armor","麻痺：防御力の2倍のダメージ"),("conjure","Conjuration: effect of a {potion}","魔術：{potion}の効果"),
 ("evade","Evasion: skip the next room","回避：次の部屋をスキップする"),("bless","Blessing on player {seat}: heal","祈りの言葉（プレイヤー{seat}）：回復"),
 ("bless_status","Blessing on player {seat}: cure {status} and heal","祈りの言葉（プレイヤー{seat}）：{status}を治して回復"),("shield","Shield: +1 armor for everyone's next room","かばう：全員の次の部屋の防御力+1"),
 ("foresee","Foresight: reveal up to 3 rooms","予見：最大3つの部屋を表にする"),("see","Reveal the room at row {a0}, column {a1}","{a0}行{a1}列の部屋を表にする"),("stop","Stop","やめる"),
 ("give","Give {what} to your partner","パートナーに{what}を与える"),("accept","Accept the result","結果を受け入れる"),("keep","Keep the die","ダイスをそのままにする"),
 ("up","Die +1","ダイス+1"),("down","Die −1","ダイス−1"),("opt","Option {n}: {effects}","選択肢{n}：{effects}"),("potion","Take the {potion}","{potion}を受け取る"),
 ("drop","Let go of the {potion}","{potion}を手放す"),("leave","Leave","立ち去る"),("buy","Buy {ware}","{ware}を購入"),("sell","Sell {what}","{what}を売却"),
 ("offer","Offer 1 gold, then roll","金貨1を捧げてから振る"),("take","Take the item","アイテムを取る"),("try","Try the skill check for the item","アイテムのために技能チェックをする"),
 ("card","Card turned up: {card}","公開されたカード：{card}"),("boss","Boss: {boss}","ボス：{boss}"),("leader","First Leader: player {a0}","最初のリーダー：プレイヤー{a0}"),
 ("dice","Dice: {dice}","ダイス：{dice}"),("white","White die: {a0}","白ダイス：{a0}"),("d6","Black die: {a0}","黒ダイス：{a0}")]
for k,en,ja in acts: m("mr.act."+k,en,ja)
evs = [("start","A new descent ({difficulty}, {players} player(s)).","新たな探索（{difficulty}、{players}人）。"),
 ("area","Area {area} (floor {floor}).","エリア{area}（フロア{floor}）。"),("leader","Leader this area: player {seat} ({char}).","このエリアのリーダー：プレイヤー{seat}（{char}）。"),
 ("reveal","Room {pos}: {card}.","部屋{pos}：{card}。"),("boss","The boss of this area: {boss}.","このエリアのボス：{boss}。"),
 ("move","Player {seat} moves to {pos}.","プレイヤー{seat}が{pos}へ移動。"),("exit","The exit is reached.","出口に着いた。"),
 ("eat","Player {seat} eats (food {food}).","プレイヤー{seat}が食事（食料{food}）。"),("starve","Player {seat} has no food!","プレイヤー{seat}には食料がない！"),
 ("fall","Everyone falls to area {area}!","全員がエリア{area}へ落ちる！"),("no_fall","Fall ignored on floor 4.","フロア4では落ちない。"),
 ("evaded","Player {seat} slips past the {card}.","プレイヤー{seat}は{card}をスキップ。"),("resolve","Player {seat} resolves the {card}.","プレイヤー{seat}が{card}を解決。"),
 ("refresh","Player {seat}'s skill card turns face up.","プレイヤー{seat}のスキルカードが表に戻る。"),("item_gone","The item has already been taken.","アイテムはすでに取られている。"),
 ("potion_lost","Player {seat} cannot keep a second {potion}.","プレイヤー{seat}は2つ目の{potion}を持てない。"),("potion","Player {seat} gains a {potion}.","プレイヤー{seat}は{potion}を得た。"),
 ("gain","Player {seat}: +{n} {stat} ({value}).","プレイヤー{seat}：{stat}+{n}（{value}）。"),("level","Player {seat} now rolls {dice} character dice.","プレイヤー{seat}のキャラクターダイスが{dice}個になった。"),
 ("level_down","Player {seat} is down to {dice} character dice.","プレイヤー{seat}のキャラクターダイスが{dice}個に減った。"),
 ("lose","Player {seat}: −{n} {stat} ({value}).","プレイヤー{seat}：{stat}−{n}（{value}）。"),("lack","Player {seat} lacks it: −{hp} HP instead.","プレイヤー{seat}は足りない：代わりに体力−{hp}。"),
 ("hp","Player {seat} loses {n} HP ({hp} left).","プレイヤー{seat}は体力を{n}失う（残り{hp}）。"),("death","Player {seat} ({char}) dies.","プレイヤー{seat}（{char}）が死亡。"),
 ("status","Player {seat} is now: {status}.","プレイヤー{seat}は{status}になった。"),("cure","Player {seat} is cured of {status}.","プレイヤー{seat}の{status}が治った。"),
 ("check_ok","Skill check: success.","技能チェック：成功。"),("check_fail","Skill check: failure.","技能チェック：失敗。"),("row","Result: {row}.","結果：{row}。"),
 ("check","Player {seat} rolls {white}, black die {black}.","プレイヤー{seat}の出目：{white}、黒ダイス{black}。"),
 ("fight","Fight: {foe} ({hp} HP, {damage} damage).","戦闘：{foe}（体力{hp}、ダメージ{damage}）。"),("frozen","The monster is frozen and does not attack.","モンスターは凍結して攻撃しない。"),
 ("miss","The monster misses player {seat}.","モンスターの攻撃はプレイヤー{seat}に外れた。"),("hit","The monster hits player {seat} (black die {face}): {damage} damage.","モンスターがプレイヤー{seat}に命中（黒ダイス{face}）：{damage}ダメージ。"),
 ("damage","{damage} damage; the foe has {hp} HP left.","{damage}ダメージ。敵の残り体力{hp}。"),("defeated","{foe} is defeated!","{foe}を倒した！"),
 ("win","Og's Blood is yours: victory!","始祖の血を手に入れた：勝利！"),("confirm","Player {seat} confirms {damage} damage.","プレイヤー{seat}が{damage}ダメージを確定。"),
 ("crit_miss","Critical reroll of die {die} shows ×: the die is lost.","ダイス{die}の会心の振り直しが×：そのダイスは失われる。"),
 ("crit","Critical: die {die} rolls {face}, now worth {value}.","会心の一撃：ダイス{die}が{face}、合計{value}。"),("feat_roll","Feat: die {die} now shows {face}.","特技：ダイス{die}の出目は{face}。"),
 ("shrine","Shrine: die {face}, row {row}.","神殿：ダイス{face}、{row}の行。"),("reward","Player {seat} rolls {face} on the Reward card.","プレイヤー{seat}の報酬カードの出目：{face}。"),
 ("roll","Player {seat} rolls {white}, black die {black}.","プレイヤー{seat}の出目：{white}、黒ダイス{black}。"),
 ("poison_die","Poison die: player {seat} loses 1 HP.","毒ダイス：プレイヤー{seat}は体力を1失う。"),("curse_die","Curse die: player {seat}'s dice drop one step this round.","呪いダイス：このラウンド、プレイヤー{seat}のダイスは1段階下がる。"),
 ("potion_drop","Player {seat} lets go of the {potion}.","プレイヤー{seat}は{potion}を手放した。"),("offer","Player {seat} offers 1 gold.","プレイヤー{seat}が金貨1を捧げた。"),
 ("item_drop","Player {seat} discards the {item}.","プレイヤー{seat}は{item}を捨てた。"),("item","Player {seat} takes the {item}.","プレイヤー{seat}は{item}を取った。"),
 ("drink","Player {seat} drinks the {potion}.","プレイヤー{seat}は{potion}を飲んだ。"),("give","Player {seat} gives {what} to player {to}.","プレイヤー{seat}がプレイヤー{to}に{what}を与えた。"),
 ("skill","Player {seat} uses {skill}.","プレイヤー{seat}が{skill}を使用。"),("conjure","Player {seat} conjures the effect of a {potion}.","プレイヤー{seat}が魔術で{potion}の効果を使う。"),
 ("feat","Player {seat} makes a feat on die {die} ({cost}).","プレイヤー{seat}がダイス{die}に特技（{cost}）。"),("item_used","Player {seat} uses up the {item}.","プレイヤー{seat}は{item}を使い切った。"),
 ("leave","Player {seat} leaves.","プレイヤー{seat}は立ち去った。"),("sell","Player {seat} sells {what}.","プレイヤー{seat}が{what}を売却。"),("buy","Player {seat} buys {ware}.","プレイヤー{seat}が{ware}を購入。")]
for k,en,ja in evs: m("mr.ev."+k,en,ja)
ui = [("where","Area {area}, floor {floor} — {difficulty}","エリア{area}・フロア{floor} — {difficulty}"),("overrides","(card data corrected with --cards)","（--cards でカードデータを修正済み）"),
 ("leader"," [Leader]"," [リーダー]"),("partner"," [Partner]"," [パートナー]"),
 ("hero","P{seat} {char}{role}: HP {hp} · armor {armor}{shield} · gold {gold} · food {food} · XP {xp} ({dice} dice) · potions {potions} · item {item} · status {statuses} · skill {skill}",
  "P{seat} {char}{role}：体力{hp}・防御力{armor}{shield}・金貨{gold}・食料{food}・経験値{xp}（ダイス{dice}個）・ポーション {potions}・アイテム {item}・状態異常 {statuses}・スキル {skill}"),
 ("skill_up","ready","使用可"),("skill_down","used","使用済み"),("exit","Exit","出口"),("foe","{foe}: {hp}/{max} HP, damage {damage}, round {round}","{foe}：体力{hp}/{max}、ダメージ{damage}、ラウンド{round}"),
 ("dice","Dice: {dice}","ダイス：{dice}"),("check","Skill check: {white} · black die {black}","技能チェック：{white}・黒ダイス{black}"),
 ("to_move","To decide: player {seat} ({char})","決定するのは：プレイヤー{seat}（{char}）"),("per_floor","×floor","×フロア"),
 ("provisional_head","Mini Rogue (2020): card data and rules values marked provisional (grade M or L, or a decision of §10 of the rules reference). Correct them with --cards FILE.",
  "ミニローグ（2020）：暫定（確度M・L、またはルール資料§10の決定事項）のカードデータとルール値。--cards FILE で修正できます。"),
 ("provisional_row","[{table}] grade {grade} · source {source} · decision {decision}","[{table}] 確度{grade}・出典 {source}・決定 {decision}"),
 ("provisional_decisions","Every decision D1-D35 of the rules reference is provisional; each is cited in the help (help) and in the code.","ルール資料の決定事項D1〜D35はすべて暫定です。それぞれヘルプ（help）とコードに記載しています。")]
for k,en,ja in ui: m("mr.ui."+k,en,ja)
errs = [("same_character","The two players need different characters (both chose {character}).","2人のプレイヤーは異なるキャラクターを選んでください（両方とも{character}）。"),
 ("cards_file","Cannot read the card file {file}: {reason}","カードファイル{file}を読めません：{reason}"),
 ("cards_syntax","{file}, line {line}: not valid TOML ({reason})","{file} {line}行目：TOMLとして正しくありません（{reason}）"),
 ("cards_key","{file}, line {line}: unknown key {entry}","{file} {line}行目：不明なキー {entry}"),
 ("cards_type","{file}, line {line}: {entry} must be of type {expected}","{file} {line}行目：{entry} は {expected} 型でなければなりません"),
 ("cards_value","{file}, line {line}: bad value for {entry}: {reason}","{file} {line}行目：{entry} の値が不正です：{reason}"),
 ("cards_data","The card overrides in this record are invalid ({reason}).","この記録のカード修正データが不正です（{reason}）。")]
for k,en,ja in errs: m("mr.err."+k,en,ja)
for k,en,ja in [("win","won","勝利"),("monster","killed by a monster","モンスターに倒された"),("boss","killed by a boss","ボスに倒された"),("ghost","killed by a Ghost","亡霊に倒された"),
 ("poison","killed by poison","毒で死亡"),("starvation","starved","飢え死に"),("room","killed by a room","部屋で死亡"),("feat","killed by a feat","特技で死亡"),("tribute","killed by Divine Tribute","聖なる讃歌で死亡")]:
    m("mr.cause."+k,en,ja)
for k,en,ja in [("area","area reached","到達エリア"),("floor","floor reached","到達フロア"),("bosses","bosses defeated","倒したボス"),("xp","XP (player 1)","経験値（プレイヤー1）"),("hp","HP (player 1)","体力（プレイヤー1）"),("xp2","XP (player 2)","経験値（プレイヤー2）"),("hp2","HP (player 2)","体力（プレイヤー2）")]:
    m("mr.simstat."+k,en,ja)
def q(x): return '"' + x.replace('\\','\\\\').replace('"','\\"') + '"'
out = ["# Every player-facing string of Mini Rogue (2020, BGA), in English and Japanese.",
       "# Japanese follows the glossary of shared/rules/minirogue.md §11. Generated by _gen_messages.py.", ""]
for k,(en,ja) in M.items():
    out += [f'["{k}"]', f"en = {q(en)}", f"ja = {q(ja)}"]
open(__file__.replace("_gen_messages.py","messages.toml"),"w").write("\n".join(out)+"\n")
