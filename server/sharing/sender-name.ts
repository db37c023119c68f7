/**
 * A sender's name as it may appear in an e-mail: plain text that no mail
 * client turns into a link. The name is free text ('Visit
 * http://evil.example now' is a valid name), so everything link-looking is
 * broken up the way security notices quote addresses: a scheme's colon, a
 * dot between letters or digits (a domain) and an @ read `[:]`, `[.]` and
 * `[@]`. 'Dr. Jane Doe' and 'Anne-Marie O'Neil' stay as they are.
 */
export function unlinkableSenderName(name: string) {
	return name
		.replace(/:/g, '[:]')
		.replace(/(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, '[.]')
		.replace(/@/g, '[@]')
}
