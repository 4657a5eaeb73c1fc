import { phraseList } from './phrase-list.js';

export const ja = phraseList(
  'ja',
  [
    ['ignore_instructions', 1, `(?:新しい|本当の)(?:指示|命令|ルール|タスク) ?[:：]`],
    [
      'ignore_instructions',
      1,
      `(?:以前|前|上記|これまで|先ほど|最初|元|すべて|全て|システム)の(?:すべての|全ての)?(?:指示|命令|ルール|指令|設定|制約|プロンプト)(?:を|は)?(?:すべて|全て)?(?:無視|忘れ|破棄)`,
    ],
    [
      'role_override',
      1,
      `(?:今から|これから|以後|今後)、?(?:あなたは|君は|お前は).{0,20}?(?:制限(?:の)?な(?:い|し)|制約(?:の)?な(?:い|し)|フィルター(?:の)?な(?:い|し)|検閲(?:の)?な(?:い|し)|dan)`,
    ],
    [
      'system_prompt_probe',
      1,
      `(?:システムプロンプト|システムメッセージ|システム指示|隠された指示|最初の指示|初期指示)を(?:すべて|全て|そのまま)?(?:表示|出力|教え|見せ|繰り返|開示|書き出)`,
    ],
    [
      'exfiltration',
      1,
      String.raw`(?:パスワード|apiキー|api key|キー|トークン|認証情報|秘密鍵|チャット履歴|会話履歴).{0,40}(?:https?://\S+|[\w.+-]+@[\w.-]+) ?(?:に|へ|まで)(?:送信|送っ|送れ|送る|転送|アップロード)`,
    ],
    [
      'authority_claim',
      0.6,
      `(?:ユーザー|管理者)(?:は|が)(?:既に|すでに)?(?:許可|承認|同意|認可)(?:して|済み|しま)`,
    ],
    ['authority_claim', 0.6, `(?:管理者|開発者|運営者)として`],
    [
      'tool_coercion',
      0.5,
      `(?:確認せずに|確認せず|尋ねずに|知らせずに|伝えずに|許可なく)|(?:次の|以下の|この)(?:コマンド|スクリプト|コード)を(?:すぐに)?実行`,
    ],
    ['delimiter_spoofing', 0.6, `(?:文書|ドキュメント|テキスト|本文|メール)(?:の)?(?:終わり|終了)`],
    // Dictating the start of the model's answer ("begin your reply with ...").
    ['addresses_model', 1, '(?:回答|返答|応答|出力)(?:の冒頭|を|は).{0,30}(?:で始め|から始め)'],
    // A set string demanded as the whole answer, quoted (addressed-patterns.ts has the English);
    // "say" needs "only" beside it, and "write" or "type" is left out: a manual says "type "a"".
    [
      'addresses_model',
      1,
      String.raw`"[^"\n]{1,60}" ?(?:と|とだけ)(?:答え|言っ|言え|返答し|返信し)`,
    ],
  ],
  /[\u3040-\u30FF]/,
);
